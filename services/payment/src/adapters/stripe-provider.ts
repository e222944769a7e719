import Stripe from 'stripe';
import { UpstreamError, ValidationError, type Logger } from '@vanhop/platform';
import { closeIdempotencyKey, type PaymentKind } from '../domain/payment.js';
import type {
  CheckoutRequest,
  ClosedOutcome,
  IntentRequest,
  PaymentProvider,
  ProviderEvent,
  ProviderPaymentState,
  RefundRequest,
} from '../domain/payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Absolute site URL: Stripe needs absolute success/cancel URLs. */
  publicUrl: string;
  /** Only tests set this, to point the SDK at a local Stripe-API server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
}

const metadataOf = (r: CheckoutRequest | IntentRequest) => ({
  bookingId: r.bookingId,
  randomNumber: String(r.randomNumber),
  percentage: String(r.percentage),
  ...(r.purpose ? { purpose: r.purpose } : {}),
});

/** Stripe through its official SDK: Checkout Sessions, PaymentIntents and signed webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly logger: Logger,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: settings.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'VanHop payment service' },
      ...(settings.api ?? {}),
    });
  }

  async createCheckout(r: CheckoutRequest): Promise<{ ref: string; url: string }> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: r.currency, unit_amount: r.amountPence, product_data: { name: r.description } },
            },
          ],
          client_reference_id: r.bookingId,
          ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
          metadata: metadataOf(r),
          payment_intent_data: { metadata: metadataOf(r) },
          success_url: this.absolute(r.successPath),
          cancel_url: this.absolute(r.cancelPath),
          expires_at: Math.floor(r.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: r.idempotencyKey },
      ),
    );
    if (!session.url) throw new UpstreamError('Stripe returned a Checkout Session without a URL');
    return { ref: session.id, url: session.url };
  }

  async createIntent(r: IntentRequest): Promise<{ ref: string; clientSecret: string }> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: r.amountPence,
          currency: r.currency,
          description: r.description,
          ...(r.customerEmail ? { receipt_email: r.customerEmail } : {}),
          automatic_payment_methods: { enabled: true },
          metadata: metadataOf(r),
        },
        { idempotencyKey: r.idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw new UpstreamError('Stripe returned a PaymentIntent without a client secret');
    return { ref: intent.id, clientSecret: intent.client_secret };
  }

  async retrieve(kind: PaymentKind, ref: string): Promise<ProviderPaymentState> {
    if (kind === 'checkout') return sessionState(await this.call(() => this.stripe.checkout.sessions.retrieve(ref)));
    return intentState(await this.call(() => this.stripe.paymentIntents.retrieve(ref)));
  }

  /**
   * Expires the Checkout Session or cancels the PaymentIntent. Stripe refuses both once the money is
   * taken (or, for an intent, while it is processing): the provider's own state then says which.
   */
  async close(kind: PaymentKind, ref: string, idempotencyKey = closeIdempotencyKey(ref)): Promise<ClosedOutcome> {
    try {
      if (kind === 'checkout') await this.stripe.checkout.sessions.expire(ref, {}, { idempotencyKey });
      else await this.stripe.paymentIntents.cancel(ref, {}, { idempotencyKey });
      return 'closed';
    } catch (err) {
      const e = err as { statusCode?: number; message?: string };
      // A refusal (400: no longer open) says something about the payment; an outage is thrown as any call's.
      if (e?.statusCode !== 400) this.refused(err);
      const { outcome } = await this.retrieve(kind, ref);
      this.logger.info({ ref, outcome, message: e.message }, 'stripe would not close the payment');
      return outcome === 'failed' ? 'closed' : outcome === 'succeeded' ? 'paid' : 'open';
    }
  }

  /**
   * The Refunds API on the payment's PaymentIntent (a Checkout Session is resolved to its intent
   * first). Our idempotency key makes a retried or replayed refund return the first one.
   */
  async refund(r: RefundRequest): Promise<{ refundRef: string }> {
    const paymentIntent = r.paymentKind === 'intent' ? r.paymentRef : await this.intentOfSession(r.paymentRef);
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: r.amountPence,
          reason: 'requested_by_customer',
          metadata: { bookingId: r.bookingId, refundId: r.refundId },
        },
        { idempotencyKey: r.idempotencyKey },
      ),
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new UpstreamError(`Stripe refund ${refund.id} ${refund.status}`);
    return { refundRef: refund.id };
  }

  private async intentOfSession(sessionId: string): Promise<string> {
    const session = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new UpstreamError(`Checkout Session ${sessionId} has no PaymentIntent to refund`);
    return intent;
  }

  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
    let event: Stripe.Event;
    try {
      if (!signatureHeader) throw new Error('missing header');
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.settings.webhookSecret);
    } catch {
      throw new ValidationError('Invalid Stripe signature', { 'stripe-signature': 'Invalid Stripe signature' });
    }
    return { id: event.id, type: event.type, payment: paymentOfEvent(event) };
  }

  private absolute(path: string): string {
    return `${this.settings.publicUrl}${path}`;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.refused(err);
    }
  }

  /** Stripe's errors become a plain 4xx/502 for the client; Stripe's own message and request id go to the log. */
  private refused(err: unknown): never {
    const e = err as { type?: string; statusCode?: number; message?: string; requestId?: string };
    this.logger.warn(
      { type: e?.type, statusCode: e?.statusCode, requestId: e?.requestId, message: e?.message },
      'stripe call failed',
    );
    if (e?.statusCode === 404)
      throw new ValidationError('Unknown payment reference', { ref: 'Unknown payment reference' });
    if (e?.statusCode && e.statusCode < 500) throw new UpstreamError('The card payment provider refused the request.');
    throw new UpstreamError('The card payment provider could not be reached, please try again.');
  }
}

function sessionState(s: Stripe.Checkout.Session): ProviderPaymentState {
  return {
    ref: s.id,
    kind: 'checkout',
    outcome: s.payment_status === 'paid' ? 'succeeded' : s.status === 'expired' ? 'failed' : 'pending',
    amountPence: s.amount_total ?? null,
    currency: s.currency ?? null,
  };
}

function intentState(pi: Stripe.PaymentIntent): ProviderPaymentState {
  return {
    ref: pi.id,
    kind: 'intent',
    outcome: pi.status === 'succeeded' ? 'succeeded' : pi.status === 'canceled' ? 'failed' : 'pending',
    // amount_received is what was actually taken; before success it is 0, so fall back to amount.
    amountPence: pi.status === 'succeeded' ? (pi.amount_received ?? pi.amount) : pi.amount,
    currency: pi.currency ?? null,
    ...(pi.last_payment_error?.message ? { failureMessage: pi.last_payment_error.message } : {}),
  };
}

function paymentOfEvent(event: Stripe.Event): ProviderPaymentState | null {
  const object = event.data.object as unknown;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionState(object as Stripe.Checkout.Session);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...sessionState(object as Stripe.Checkout.Session), outcome: 'failed' };
    case 'payment_intent.succeeded':
      return intentState(object as Stripe.PaymentIntent);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return { ...intentState(object as Stripe.PaymentIntent), outcome: 'failed' };
    default:
      return null;
  }
}
