import { randomBytes } from 'node:crypto';
import { DuplicateKeyError, ValidationError, type Clock, type Collection, type DocumentStore } from '@vanhop/platform';
import type { PaymentKind } from '../domain/payment.js';
import type {
  CheckoutRequest,
  ClosedOutcome,
  IntentRequest,
  PaymentProvider,
  ProviderEvent,
  ProviderPaymentState,
  RefundRequest,
} from '../domain/payment-provider.js';
import { localCheckoutPath, type LocalCharge } from '../domain/local-checkout.js';
import type { LocalCharges } from '../domain/ports.js';

export const LOCAL_CHECKOUTS = 'local_checkouts';
export const LOCAL_REFUNDS = 'local_refunds';

/** A refund the local test provider "gave": what a Stripe Refund object would hold. */
export interface LocalRefund {
  _id: string;
  chargeRef: string;
  amountPence: number;
  idempotencyKey: string;
  bookingId: string;
  refundId: string;
  createdAt: string;
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The embedded stand-in for Stripe, used only when no Stripe key is configured: charges live in the
 * payment service's own store and are settled by a plainly labelled TEST page (Pay / Fail). It keeps
 * Stripe's contract where it matters: idempotency keys return the same object, and the service
 * still confirms with the provider before anything changes.
 */
export class LocalPaymentProvider implements PaymentProvider, LocalCharges {
  readonly name = 'local' as const;
  private readonly charges: Collection<LocalCharge>;
  readonly refunds: Collection<LocalRefund>;

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
  ) {
    this.charges = store.collection<LocalCharge>(LOCAL_CHECKOUTS);
    this.refunds = store.collection<LocalRefund>(LOCAL_REFUNDS);
  }

  async init(): Promise<void> {
    await this.charges.ensureIndex({ fields: { idempotencyKey: 1 }, unique: true });
    await this.refunds.ensureIndex({ fields: { idempotencyKey: 1 }, unique: true });
  }

  /**
   * Records the refund (no money moves here). Like Stripe: only a succeeded charge can be refunded,
   * never beyond what it took, and the same idempotency key gives back the first refund.
   */
  async refund(r: RefundRequest): Promise<{ refundRef: string }> {
    const existing = await this.refunds.findOne({ idempotencyKey: r.idempotencyKey });
    if (existing) return { refundRef: existing._id };
    const charge = await this.charges.findOne({ _id: r.paymentRef });
    if (charge?.status !== 'succeeded')
      throw new ValidationError('Only a paid test payment can be refunded', {
        paymentRef: 'Unknown or unpaid payment',
      });
    const already = (await this.refunds.find({ chargeRef: charge._id })).reduce((sum, x) => sum + x.amountPence, 0);
    if (!(r.amountPence > 0) || already + r.amountPence > charge.amountPence) {
      throw new ValidationError('Refund exceeds what the test payment took', {
        amountPence: 'Refund exceeds what the test payment took',
      });
    }
    const refund: LocalRefund = {
      _id: `re_local_${token(12)}`,
      chargeRef: charge._id,
      amountPence: r.amountPence,
      idempotencyKey: r.idempotencyKey,
      bookingId: r.bookingId,
      refundId: r.refundId,
      createdAt: this.clock.now().toISOString(),
    };
    try {
      await this.refunds.insertOne(refund);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const raced = await this.refunds.findOne({ idempotencyKey: r.idempotencyKey });
      if (!raced) throw err;
      return { refundRef: raced._id };
    }
    return { refundRef: refund._id };
  }

  async createCheckout(r: CheckoutRequest): Promise<{ ref: string; url: string }> {
    const ref = `cs_local_${token(12)}`;
    const charge = await this.create(r.idempotencyKey, {
      _id: ref,
      kind: 'checkout',
      successPath: r.successPath.replace('{CHECKOUT_SESSION_ID}', ref),
      cancelPath: r.cancelPath,
      clientSecret: null,
      expiresAt: r.expiresAt.toISOString(),
      ...this.common(r),
    });
    return { ref: charge._id, url: localCheckoutPath(charge._id) };
  }

  async createIntent(r: IntentRequest): Promise<{ ref: string; clientSecret: string }> {
    const ref = `pi_local_${token(12)}`;
    const clientSecret = `${ref}_secret_${token(12)}`;
    const charge = await this.create(r.idempotencyKey, {
      _id: ref,
      kind: 'intent',
      // As Stripe's return_url after a redirect: the secret comes back, and it is what proves the page is the payer's.
      successPath: `${r.returnPath}?payment_intent=${ref}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
      cancelPath: r.cancelPath,
      clientSecret,
      ...this.common(r),
    });
    return { ref: charge._id, clientSecret: charge.clientSecret ?? '' };
  }

  async retrieve(kind: PaymentKind, ref: string): Promise<ProviderPaymentState> {
    const charge = await this.charges.findOne({ _id: ref, kind });
    if (!charge) throw new ValidationError('Unknown payment reference', { ref: 'Unknown payment reference' });
    return stateOf(charge);
  }

  /** The local provider has no webhooks: its test page settles charges directly. */
  verifyEvent(_rawBody: Buffer, _signature: string | undefined): ProviderEvent {
    throw new ValidationError('Stripe webhooks are not configured (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)', {
      'stripe-signature': 'Stripe webhooks are not configured',
    });
  }

  /** The charge as it stands now: a checkout past its end reads as closed (its page offers no Pay). */
  async find(ref: string): Promise<LocalCharge | null> {
    await this.expireIfDue(ref);
    return this.charges.findOne({ _id: ref });
  }

  /** As Stripe: a checkout past its expires_at is expired, so Pay on a page left open fails. */
  private async expireIfDue(ref: string): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.charges.updateOne(
      { _id: ref, status: 'open', expiresAt: { $lte: now } },
      { $set: { status: 'failed', completedAt: now, closed: true } },
    );
  }

  /** As Stripe's expire and cancel: an open charge can no longer be paid; a settled one keeps its outcome. */
  async close(kind: PaymentKind, ref: string): Promise<ClosedOutcome> {
    await this.charges.updateOne(
      { _id: ref, kind, status: 'open' },
      { $set: { status: 'failed', completedAt: this.clock.now().toISOString(), closed: true } },
    );
    const charge = await this.charges.findOne({ _id: ref, kind });
    if (!charge) throw new ValidationError('Unknown payment reference', { ref: 'Unknown payment reference' });
    return charge.status === 'succeeded' ? 'paid' : 'closed';
  }

  /** What the test page's buttons do; an already settled charge keeps its first outcome. */
  async settle(ref: string, outcome: 'succeeded' | 'failed'): Promise<LocalCharge | null> {
    await this.expireIfDue(ref);
    const now = this.clock.now().toISOString();
    await this.charges.updateOne({ _id: ref, status: 'open' }, { $set: { status: outcome, completedAt: now } });
    return this.find(ref);
  }

  private common(r: CheckoutRequest | IntentRequest) {
    return {
      status: 'open' as const,
      amountPence: r.amountPence,
      currency: r.currency,
      description: r.description,
      randomNumber: r.randomNumber,
      percentage: r.percentage,
      ...(r.purpose ? { purpose: r.purpose } : {}),
      idempotencyKey: r.idempotencyKey,
      createdAt: this.clock.now().toISOString(),
    };
  }

  private async create(idempotencyKey: string, charge: LocalCharge): Promise<LocalCharge> {
    const existing = await this.charges.findOne({ idempotencyKey });
    if (existing) return existing;
    try {
      return await this.charges.insertOne(charge);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      return (await this.charges.findOne({ idempotencyKey })) ?? Promise.reject(err);
    }
  }
}

function stateOf(c: LocalCharge): ProviderPaymentState {
  return {
    ref: c._id,
    kind: c.kind,
    outcome: c.status === 'succeeded' ? 'succeeded' : c.status === 'failed' ? 'failed' : 'pending',
    amountPence: c.amountPence,
    currency: c.currency,
    ...(c.status === 'failed'
      ? { failureMessage: c.closed ? 'Closed before it was paid' : 'Declined on the local test checkout' }
      : {}),
  };
}
