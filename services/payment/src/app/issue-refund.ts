import { TOPICS, type RefundRequested } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import { planRefund, type Refund } from '../domain/refund.js';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentRepository, RefundRepository } from '../domain/ports.js';

export type IssueRefundOutcome = 'issued' | 'already-issued' | 'nothing-to-refund';

/**
 * RefundRequested → money back through the provider, across the booking's succeeded payments
 * (newest first, or only the payment named), then exactly one RefundIssued in the refund's outbox.
 * A provider failure throws, so the bus retries; parts already refunded are not asked again.
 */
export class IssueRefund {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(
    request: RefundRequested,
    meta: { eventId: string; correlationId?: string },
  ): Promise<IssueRefundOutcome> {
    const refund = (await this.refunds.byId(request.refundId)) ?? (await this.plan(request));
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
      await this.refunds.markPartRefunded(refund._id, i, refundRef);
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
        ...(refund.unneededPayment ? { unneededPayment: true } : {}),
      },
      { producer: 'payment', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );
    const issued = await this.refunds.markIssuedIfPending(
      refund._id,
      issuedAt,
      outboxEntry(TOPICS.refundIssued, event, refund.bookingId),
    );
    if (!issued) return 'already-issued';
    this.logger.info({ refundId: refund._id, bookingId: refund.bookingId, amountPence }, 'refund issued');
    void this.relay.kick([event.eventId]);
    return 'issued';
  }

  /** Which payments give back how much (see planRefund), stored once. */
  private async plan(request: RefundRequested): Promise<Refund> {
    const { parts, shortPence } = planRefund(
      request,
      await this.payments.succeededPayments(request.bookingId),
      await this.refunds.forBooking(request.bookingId),
    );
    if (shortPence > 0)
      this.logger.error(
        { refundId: request.refundId, bookingId: request.bookingId, short: shortPence },
        'not enough paid to refund all that was asked; follow up by hand',
      );
    return this.refunds.insertOrExisting({
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
      ...(request.unneededPayment ? { unneededPayment: true as const } : {}),
    });
  }
}
