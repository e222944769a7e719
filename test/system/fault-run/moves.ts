import Stripe from 'stripe';
import { apiClient, type Api, type ApiResponse } from '../../support/api-client.js';
import { customerAddress } from './settings.js';
import { address, completeBooking } from '../../support/booking-fixtures.js';
import type { ComposeStack } from '../compose-stack.js';

/** What one request through the entry point came to. */
export type Outcome = 'ok' | 'retryable' | 'refused' | 'network' | 'hung';

export interface RequestTally {
  ok: number;
  /** 502/503/504 with Retry-After or the product's error shape: the client may try again (and did). */
  retryable: number;
  /** An answer a customer could not act on (any other 4xx/5xx): each one is listed. */
  refused: number;
  /** The connection broke with no answer at all (a replica killed mid-answer): retried, and listed. */
  network: number;
  resets: string[];
  /** No answer within HUNG_MS. */
  hung: number;
  byStatus: Record<string, number>;
  refusals: string[];
}

export const newTally = (): RequestTally => ({
  ok: 0,
  retryable: 0,
  refused: 0,
  network: 0,
  hung: 0,
  byStatus: {},
  refusals: [],
  resets: [],
});

/** How long a customer's step keeps being tried (the web app's retry, Stripe's webhook redelivery). */
export const RETRY_FOR_MS = 240_000;

/** A request with no answer after this long counts as hung: longer than the gateway's own upstream timeout (PROXY_TIMEOUT_MS, 30 s) and the lb's, which answer first. */
export const HUNG_MS = 75_000;
const RETRYABLE = new Set([502, 503, 504]);

export interface MoveResult {
  index: number;
  code?: number;
  /** When the signed webhook was first accepted (the booking is paid from then on). */
  paidAt?: number;
  /** Why it never got paid (after every retry). */
  failed?: string;
  /**
   * A paid move's customer back from the checkout: the success page and then My move, each
   * answered (after retries); otherwise what went wrong. Unset for a move never paid.
   */
  afterPayment?: 'shown' | { problem: string };
  /** The staff pages opened after this move (every tenth move): answered, or what went wrong. */
  staffPages?: 'shown' | { problem: string };
}

/** The staff pages an office worker keeps open: the upcoming jobs and the drivers, first pages. */
const STAFF_PAGES = ['/api/backdata/list?kind=job&view=future&pageSize=20', '/api/drivers/admin/page?pageSize=20'];

/** Only our own My move link is followed (as the web app's success page does). */
const MY_MOVE_PATH = /^\/mymove\/[A-Za-z0-9._-]+$/;

/**
 * One customer's move through the entry point, as the browser and Stripe would make it: price,
 * save, Book Now at 30 %, pay on the (local) Stripe page, and Stripe's signed webhook. A step that
 * gets a retryable answer (or none) is tried again after a pause, as the web app's retry and
 * Stripe's webhook redelivery do; the checkout and the webhook are safe to repeat (one hold and one
 * payment per booking, webhooks deduplicated by event id).
 */
export class MoveClient {
  constructor(
    private readonly stack: ComposeStack,
    readonly tally: RequestTally,
    private readonly retryForMs = RETRY_FOR_MS,
    /** A staff token: with it, every tenth move is followed by the staff pages. */
    private readonly staffToken?: string,
  ) {
    this.api = apiClient(() => stack.gatewayUrl);
  }

  private readonly api: Api;

  async bookAndPay(index: number, runId: string): Promise<MoveResult> {
    // A distinct slot per move (300 days x 4 start times), so drivers never run out.
    const day = 3 + (index % 300);
    const hour = 7 + 3 * (Math.floor(index / 300) % 4);
    const date = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + day, hour),
    ).toISOString();
    const booking = completeBooking(date, {
      addresses: [
        address('p', 'London NW2, UK', `${index} Pickup Road`, 0),
        address('d', 'London W1, UK', `${index} Drop Street`, 1),
      ],
      vanSize: 'Medium',
      hour: 2,
      description: `Fault run ${runId} move ${index}`,
      name: `Fault Mover ${index}`,
      email: `move-${index}-${runId}@example.com`,
      phone: '07700900789',
    });
    const customer = { 'x-forwarded-for': customerAddress(index) };
    try {
      const priced = await this.step<{ quote: Record<string, unknown> & { totalPrice: number } }>(
        'POST',
        '/api/booking',
        booking,
        (s) => s === 200,
        customer,
      );
      const saved = await this.step<{ data: { randomNumber: number } }>(
        'POST',
        '/api/saveRetrieve',
        { quote: priced.quote },
        (s) => s === 201,
        customer,
      );
      const code = saved.data.randomNumber;
      const checkout = await this.step<{ sessionId: string }>(
        'POST',
        '/api/paymentbooking',
        { ...priced.quote, randomNumber: code, percentage: 30 },
        (s) => s === 200,
        customer,
      );
      const event = await this.pay(checkout.sessionId);
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: this.stack.secrets.STRIPE_WEBHOOK_SECRET!,
      });
      await this.step('POST', '/api/payments/webhook', payload, (s) => s === 200, { 'stripe-signature': signature });
      const paidAt = Date.now();
      const afterPayment = await this.outcome(() => this.backFromCheckout(checkout.sessionId, customer));
      const staffPages = this.staffToken && index % 10 === 0 ? await this.outcome(() => this.staffPages()) : undefined;
      return { index, code, paidAt, afterPayment, ...(staffPages ? { staffPages } : {}) };
    } catch (err) {
      return { index, failed: err instanceof Error ? err.message : String(err) };
    }
  }

  private async outcome(work: () => Promise<void>): Promise<'shown' | { problem: string }> {
    try {
      await work();
      return 'shown';
    } catch (err) {
      return { problem: err instanceof Error ? err.message : String(err) };
    }
  }

  /**
   * The browser back on the checkout's success page, which asks payment what was paid and links
   * to My move, and then My move itself: neither needs an event's result, so both answer whether
   * or not the broker is there.
   */
  private async backFromCheckout(sessionId: string, customer: Record<string, string>): Promise<void> {
    const back = await this.step<{ myMovePath?: unknown }>(
      'POST',
      '/api/paymentbooking/success',
      { session_id: sessionId },
      (s) => s === 200,
      customer,
    );
    const path = back.myMovePath;
    if (typeof path !== 'string' || !MY_MOVE_PATH.test(path))
      throw new Error(`the success page gave no My move link: ${JSON.stringify(back).slice(0, 200)}`);
    await this.step('GET', `/api${path}`, undefined, (s) => s === 200, customer);
  }

  private async staffPages(): Promise<void> {
    const staff = { authorization: `Bearer ${this.staffToken}` };
    for (const page of STAFF_PAGES) await this.step('GET', page, undefined, (s) => s === 200, staff);
  }

  /** The customer pays on the hosted page (the local Stripe API: not part of the faults). */
  private async pay(sessionId: string): Promise<unknown> {
    // The customer presses Pay again when the page does not answer (the machine may be starved).
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${this.stack.stripeUrl}/__control/checkout/sessions/${sessionId}/complete`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.stack.secrets.STRIPE_SECRET_KEY}` },
          signal: AbortSignal.timeout(HUNG_MS),
        });
        if (res.status !== 200) throw new Error(`the local Stripe API did not complete ${sessionId}: ${res.status}`);
        return await res.json();
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 1_000 * attempt));
      }
    }
  }

  private async step<T>(
    method: string,
    path: string,
    body: unknown,
    accepted: (status: number) => boolean,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const giveUpAt = Date.now() + this.retryForMs;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.request(method, path, body, headers);
      if (answer.outcome === 'ok' && accepted(answer.status)) return answer.body as T;
      if (answer.outcome === 'ok') {
        this.tally.ok -= 1;
        this.tally.refused += 1;
        this.tally.refusals.push(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
      if (Date.now() > giveUpAt)
        throw new Error(
          `${method} ${path}: still ${answer.status || answer.outcome} after ${attempt} tries in ${this.retryForMs / 1000} s`,
        );
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2_000)));
    }
  }

  private async request(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ outcome: Outcome; status: number; body?: unknown; text: string }> {
    let res: ApiResponse;
    try {
      res = await this.api(method, path, body, { headers, timeoutMs: HUNG_MS });
    } catch (err) {
      const hung = (err as Error).name === 'TimeoutError';
      this.tally[hung ? 'hung' : 'network'] += 1;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (!hung)
        this.tally.resets.push(
          `${new Date().toISOString()} ${method} ${path}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
        );
      return { outcome: hung ? 'hung' : 'network', status: 0, text: String(err) };
    }
    this.tally.byStatus[res.status] = (this.tally.byStatus[res.status] ?? 0) + 1;
    const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    const parsed: unknown = typeof res.body === 'string' ? null : res.body;
    if (RETRYABLE.has(res.status)) {
      // A clear retryable answer: the status and a message in the product's error shape.
      const clear = typeof (parsed as { message?: unknown } | null)?.message === 'string';
      if (clear) {
        this.tally.retryable += 1;
      } else {
        this.tally.refused += 1;
        this.tally.refusals.push(`${method} ${path}: ${res.status} without a clear message: ${text.slice(0, 120)}`);
      }
      return { outcome: 'retryable', status: res.status, text };
    }
    this.tally.ok += 1;
    return { outcome: 'ok', status: res.status, body: parsed, text };
  }
}
