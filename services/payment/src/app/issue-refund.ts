import { TOPICS, type RefundReason, type RefundRequested } from '@vanhop/contracts';
import { createEvent, DuplicateKeyError, outboxEntry, type Clock, type Collection, type DocumentStore, type Logger, type OutboxRelay, type WithOutbox } from '@vanhop/platform';
import { refundIdempotencyKey, type PaymentKind, type ProviderName } from '../domain/payment.js';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentStore } from './payment-store.js';

export const REFUNDS = 'refunds';

/** The refund of one payment, part of one RefundRequested. */
export interface RefundPart {
  paymentRef: string;
  paymentKind: PaymentKind;
  amountPence: number;
  idempotencyKey: string;
  status: 'pending' | 'succeeded';
  providerRefundId?: string;
}

/**
 * One RefundRequested, planned once: which payments give back how much. Keyed by the refund id, so a
 * replay finds the plan instead of making another, and each (refund, payment) pair is refunded at
 * the provider under its own idempotency key at most once.
 */
export interface Refund extends WithOutbox {
  _id: string;
  bookingId: string;
  randomNumber: number;
  reason: RefundReason;
  askedPence: number;
  provider: ProviderName;
  customer: RefundRequested['customer'];
  myMovePath: string;
  parts: RefundPart[];
  status: 'pending' | 'issued' | 'nothing-to-refund';
  createdAt: string;
  issuedAt?: string;
}

export type IssueRefundOutcome = 'issued' | 'already-issued' | 'nothing-to-refund';

/**
 * RefundRequested → money back through the provider, across the booking's succeeded payments
 * (newest first, or only the payment named), then exactly one RefundIssued in the refund's outbox.
 * A provider failure throws, so the bus retries; parts already refunded are not asked again.
 */
export class IssueRefund {
  private readonly refunds: Collection<Refund>;

  constructor(
    store: DocumentStore,
    private readonly payments: PaymentStore,
    private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.refunds = store.collection<Refund>(REFUNDS);
  }

  async init(): Promise<void> {
    await this.refunds.ensureIndex({ fields: { bookingId: 1 } });
  }

  async execute(request: RefundRequested, meta: { eventId: string; correlationId?: string }): Promise<IssueRefundOutcome> {
    const refund = (await this.refunds.findOne({ _id: request.refundId })) ?? (await this.plan(request));
    if (refund.status === 'issued') return 'already-issued';
    if (refund.status === 'nothing-to-refund') return 'nothing-to-refund';

    for (const [i, part] of refund.parts.entries()) {
      if (part.status === 'succeeded') continue;
      const { refundRef } = await this.provider.refund({
        paymentRef: part.paymentRef,
        paymentKind: part.paymentKind,
        amountPence: part.amountPence,
        idempotencyKey: part.idempotencyKey,
        bookingId: refund.bookingId,
        refundId: refund._id,
      });
      await this.refunds.updateOne({ _id: refund._id }, { $set: { [`parts.${i}.status`]: 'succeeded', [`parts.${i}.providerRefundId`]: refundRef } });
      part.status = 'succeeded';
      part.providerRefundId = refundRef;
    }

    const issuedAt = this.clock.now().toISOString();
    const amountPence = refund.parts.reduce((sum, p) => sum + p.amountPence, 0);
    const event = await createEvent(
      TOPICS.refundIssued,
      {
        refundId: refund._id,
        bookingId: refund.bookingId,
        randomNumber: refund.randomNumber,
        amountPence,
        reason: refund.reason,
        provider: refund.provider,
        providerRefs: refund.parts.map((p) => p.providerRefundId!),
        customer: refund.customer,
        myMovePath: refund.myMovePath,
        issuedAt,
      },
      { producer: 'payment', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );
    const issued = await this.refunds.findOneAndUpdate(
      { _id: refund._id, status: 'pending' },
      { $set: { status: 'issued', issuedAt }, $push: { outbox: outboxEntry(TOPICS.refundIssued, event, refund.bookingId) } },
    );
    if (!issued) return 'already-issued';
    this.logger.info({ refundId: refund._id, bookingId: refund.bookingId, amountPence }, 'refund issued');
    void this.relay.kick();
    return 'issued';
  }

  /** Which payments give back how much: what each took less what earlier refunds already gave back. */
  private async plan(request: RefundRequested): Promise<Refund> {
    const paid = (await this.payments.succeededPayments(request.bookingId)).filter((p) => !request.paymentRef || p._id === request.paymentRef);
    const earlier = await this.refunds.find({ bookingId: request.bookingId });
    const refundedOn = (ref: string) => earlier.flatMap((r) => r.parts).filter((p) => p.paymentRef === ref).reduce((sum, p) => sum + p.amountPence, 0);
    let left = request.amountPence;
    const parts: RefundPart[] = [];
    for (const p of paid) {
      const take = Math.min(left, Math.max(0, p.amountPence - refundedOn(p._id)));
      if (take <= 0) continue;
      parts.push({ paymentRef: p._id, paymentKind: p.kind, amountPence: take, idempotencyKey: refundIdempotencyKey(request.refundId, p._id), status: 'pending' });
      left -= take;
      if (left === 0) break;
    }
    if (left > 0) this.logger.error({ refundId: request.refundId, bookingId: request.bookingId, short: left }, 'not enough paid to refund all that was asked; follow up by hand');
    const refund: Refund = {
      _id: request.refundId,
      bookingId: request.bookingId,
      randomNumber: request.randomNumber,
      reason: request.reason,
      askedPence: request.amountPence,
      provider: this.provider.name,
      customer: request.customer,
      myMovePath: request.myMovePath,
      parts,
      status: parts.length ? 'pending' : 'nothing-to-refund',
      createdAt: this.clock.now().toISOString(),
      outbox: [],
    };
    try {
      return await this.refunds.insertOne(refund);
    } catch (err) {
      // A concurrent delivery planned it first: use its plan, never a second one.
      if (!(err instanceof DuplicateKeyError)) throw err;
      const first = await this.refunds.findOne({ _id: request.refundId });
      if (!first) throw err;
      return first;
    }
  }
}
