import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';

/**
 * A local server speaking the few Stripe API endpoints the payment service calls, with Stripe's
 * response shapes, bearer-key check, form-encoded bodies, error envelope and idempotency-key
 * semantics (same key + same body → same object; same key + other body → 400). Tests drive the
 * real `stripe` SDK against it and play the customer with `completeSession` / `succeedIntent`.
 */

type Obj = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Obj;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const expiresAt = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error('Invalid integer: expires_at');
  return n;
};

function stripeError(res: Response, status: number, type: string, message: string, extra: Obj = {}) {
  res.status(status).json({ error: { type, message, ...extra } });
}

export class StripeApiServer {
  readonly sessions = new Map<string, Obj>();
  readonly intents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  /** Stripe Connect: connected accounts and transfers to them (driver payouts). */
  readonly accounts = new Map<string, Obj>();
  readonly transfers = new Map<string, Obj>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, { digest: string; status: number; body: Obj }>();
  private server: Server | null = null;
  /** Statuses the next create calls fail with, one per call (a Stripe outage or refusal). */
  readonly failures: number[] = [];

  constructor(private readonly secretKey: string) {}

  async start(): Promise<{ url: string; port: number }> {
    const app = express();
    app.use(express.urlencoded({ extended: true }));
    app.use((req, res, next) => {
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      this.requests.push({
        method: req.method,
        path: req.path,
        idempotencyKey: header(req, 'idempotency-key'),
        body: (req.body ?? {}) as Obj,
      });
      next();
    });
    app.post('/v1/checkout/sessions', (req, res) => this.create(req, res, () => this.createSession(req.body as Obj)));
    app.get('/v1/checkout/sessions/:id', (req, res) =>
      this.read(res, this.sessions, req.params.id, 'checkout session'),
    );
    app.post('/v1/payment_intents', (req, res) => this.create(req, res, () => this.createIntent(req.body as Obj)));
    app.get('/v1/payment_intents/:id', (req, res) => this.read(res, this.intents, req.params.id, 'payment_intent'));
    // As Stripe: only an open session can be expired, and a succeeded (or processing) intent not canceled.
    app.post('/v1/checkout/sessions/:id/expire', (req, res) =>
      this.transition(req, res, this.sessions, req.params.id, 'checkout session', (s) => {
        if (s.status !== 'open')
          throw new Error(
            `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${String(s.status)}".`,
          );
        return Object.assign(s, { status: 'expired' });
      }),
    );
    app.post('/v1/payment_intents/:id/cancel', (req, res) =>
      this.transition(req, res, this.intents, req.params.id, 'payment_intent', (pi) => {
        if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled')
          throw new Error(`You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`);
        return Object.assign(pi, { status: 'canceled', cancellation_reason: 'requested_by_customer' });
      }),
    );
    app.post('/v1/refunds', (req, res) => this.create(req, res, () => this.createRefund(req.body as Obj)));
    app.post('/v1/accounts', (req, res) => this.create(req, res, () => this.createAccount(req.body as Obj)));
    app.post('/v1/transfers', (req, res) => this.create(req, res, () => this.createTransfer(req.body as Obj)));
    app.use((req, res) =>
      stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`),
    );
    await new Promise<void>((resolve) => {
      this.server = app.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = this.server!.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, port };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The customer pays on the hosted page: the session is complete and its PaymentIntent succeeded. */
  completeSession(sessionId: string): Obj {
    const s = this.sessions.get(sessionId)!;
    const pi = this.createIntent({ amount: String(s.amount_total), currency: s.currency, metadata: s.metadata });
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: pi.id });
    return s;
  }

  succeedIntent(intentId: string): Obj {
    const pi = this.intents.get(intentId)!;
    return Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, last_payment_error: null });
  }

  failIntent(intentId: string, message = 'Your card was declined.'): Obj {
    const pi = this.intents.get(intentId)!;
    return Object.assign(pi, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message },
    });
  }

  /** A webhook Event as Stripe would send it for an object. */
  event(type: string, object: Obj): Obj {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  createsOf(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === path);
  }

  private create(req: Request, res: Response, make: () => Obj) {
    const status = this.failures.shift();
    if (status)
      return stripeError(res, status, status >= 500 ? 'api_error' : 'invalid_request_error', 'Simulated failure');
    const key = header(req, 'idempotency-key');
    const digest = createHash('sha256')
      .update(req.path + JSON.stringify(req.body))
      .digest('hex');
    if (key) {
      const seen = this.idempotent.get(key);
      if (seen && seen.digest !== digest) {
        return stripeError(
          res,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      if (seen) return res.status(seen.status).set('Idempotent-Replayed', 'true').json(seen.body);
    }
    let body: Obj;
    try {
      body = make();
    } catch (err) {
      return stripeError(res, 400, 'invalid_request_error', (err as Error).message);
    }
    if (key) this.idempotent.set(key, { digest, status: 200, body });
    res.json(body);
  }

  /**
   * A state change on an existing object; the change throws Stripe's own refusal when the state
   * forbids it. As Stripe: the same idempotency key answers the first answer again (a repeated
   * expire or cancel under one key succeeds twice, even though the object is no longer open).
   */
  private transition(
    req: Request,
    res: Response,
    map: Map<string, Obj>,
    objectId: string,
    what: string,
    change: (o: Obj) => Obj,
  ) {
    const key = header(req, 'idempotency-key');
    const seen = key ? this.idempotent.get(key) : undefined;
    if (seen) return res.status(seen.status).set('Idempotent-Replayed', 'true').json(seen.body);
    const found = map.get(objectId);
    if (!found)
      return stripeError(res, 404, 'invalid_request_error', `No such ${what}: '${objectId}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    let body: Obj;
    try {
      body = structuredClone(change(found));
    } catch (err) {
      return stripeError(res, 400, 'invalid_request_error', (err as Error).message);
    }
    if (key) this.idempotent.set(key, { digest: '', status: 200, body });
    res.json(body);
  }

  /**
   * What the provider took, net of what it gave back, over every PaymentIntent (a paid Checkout
   * Session's money is on its intent): the provider's side of a reconciliation.
   */
  netTakenPence(): number {
    let net = 0;
    for (const pi of this.intents.values()) {
      if (pi.status === 'succeeded') net += Number(pi.amount_received ?? 0) - Number(pi.amount_refunded ?? 0);
    }
    return net;
  }

  private read(res: Response, map: Map<string, Obj>, objectId: string, what: string) {
    const found = map.get(objectId);
    if (!found)
      return stripeError(res, 404, 'invalid_request_error', `No such ${what}: '${objectId}'`, {
        code: 'resource_missing',
        param: 'id',
      });
    res.json(found);
  }

  private createSession(body: Obj): Obj {
    const items = (body.line_items ?? []) as Obj[];
    if (body.mode !== 'payment') throw new Error('Only mode=payment is supported here');
    if (!body.success_url || !body.cancel_url) throw new Error('Missing required param: success_url.');
    let currency: unknown;
    const total = items.reduce<number>((sum, item) => {
      const price = (item.price_data ?? {}) as Obj;
      currency = price.currency;
      const amount = Number(price.unit_amount);
      if (!Number.isInteger(amount) || amount < 30) throw new Error('Invalid line_items[0][price_data][unit_amount]');
      return sum + amount * Number(item.quantity ?? 1);
    }, 0);
    if (!currency) throw new Error('Missing required param: line_items[0][price_data][currency].');
    const sid = id('cs_test');
    const session: Obj = {
      id: sid,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: body.cancel_url,
      client_reference_id: body.client_reference_id ?? null,
      created: now(),
      currency,
      customer_email: body.customer_email ?? null,
      // Stripe's default is a day; a given expires_at must be a whole number of seconds.
      expires_at: body.expires_at === undefined ? now() + 24 * 3600 : expiresAt(body.expires_at),
      livemode: false,
      metadata: body.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: body.success_url,
      ui_mode: 'hosted_page',
      url: `https://checkout.stripe.com/c/pay/${sid}`,
    };
    this.sessions.set(sid, session);
    return session;
  }

  /** Stripe's rules that matter here: a succeeded PaymentIntent, never more back than it took. */
  private createRefund(body: Obj): Obj {
    const pi = this.intents.get(String(body.payment_intent));
    if (!pi) throw new Error(`No such payment_intent: '${String(body.payment_intent)}'`);
    if (pi.status !== 'succeeded') throw new Error(`PaymentIntent ${String(pi.id)} has not succeeded`);
    const refundedSoFar = Number(pi.amount_refunded ?? 0);
    const amount = body.amount === undefined ? Number(pi.amount_received) - refundedSoFar : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('Invalid integer: amount');
    if (refundedSoFar + amount > Number(pi.amount_received)) {
      throw new Error(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((Number(pi.amount_received) - refundedSoFar) / 100).toFixed(2)})`,
      );
    }
    pi.amount_refunded = refundedSoFar + amount;
    const rid = id('re');
    const refund: Obj = {
      id: rid,
      object: 'refund',
      amount,
      created: now(),
      currency: pi.currency,
      metadata: body.metadata ?? {},
      payment_intent: pi.id,
      reason: body.reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(rid, refund);
    return refund;
  }

  private createAccount(body: Obj): Obj {
    if (body.type !== 'express' && body.type !== 'custom' && body.type !== 'standard')
      throw new Error('Invalid type: must be one of express, custom or standard');
    const aid = id('acct');
    const account: Obj = {
      id: aid,
      object: 'account',
      type: body.type,
      country: body.country ?? 'US',
      email: body.email ?? null,
      capabilities: { transfers: 'inactive' },
      metadata: body.metadata ?? {},
      created: now(),
    };
    this.accounts.set(aid, account);
    return account;
  }

  /** Stripe's rules that matter here: a known destination account, a positive whole amount. */
  private createTransfer(body: Obj): Obj {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('Invalid integer: amount');
    if (!body.currency) throw new Error('Missing required param: currency.');
    if (!this.accounts.has(String(body.destination)))
      throw new Error(`No such destination: '${String(body.destination)}'`);
    const tid = id('tr');
    const transfer: Obj = {
      id: tid,
      object: 'transfer',
      amount,
      currency: body.currency,
      destination: body.destination,
      transfer_group: body.transfer_group ?? null,
      metadata: body.metadata ?? {},
      created: now(),
      reversed: false,
    };
    this.transfers.set(tid, transfer);
    return transfer;
  }

  private createIntent(body: Obj): Obj {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 30) throw new Error('Invalid integer: amount');
    if (!body.currency) throw new Error('Missing required param: currency.');
    const pid = id('pi_test');
    const intent: Obj = {
      id: pid,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
      client_secret: `${pid}_secret_${randomBytes(8).toString('hex')}`,
      created: now(),
      currency: body.currency,
      description: body.description ?? null,
      last_payment_error: null,
      livemode: false,
      metadata: body.metadata ?? {},
      receipt_email: body.receipt_email ?? null,
      status: 'requires_payment_method',
    };
    this.intents.set(pid, intent);
    return intent;
  }
}

function header(req: Request, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}
