import { TOPICS, type PaymentPercentage, type PaymentSucceeded } from '@vanhop/contracts';
import {
  createEvent,
  LOST_RACE,
  outboxEntry,
  retryOnConflict,
  type Clock,
  type Logger,
  type OutboxEntry,
} from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import type { StoredBooking } from '../domain/booking-record.js';
import { applyBalancePayment, applyUnneededPayment, placeBooking } from '../domain/apply-payment.js';
import { moveOf } from '../domain/lifecycle.js';
import { WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';

export type RecordPaymentOutcome = 'recorded' | 'already-paid' | 'not-found';

/**
 * Applies a PaymentSucceeded to its booking exactly once, each kind with one conditional
 * single-document write that carries its events in the same document's outbox:
 * - the first payment (a deposit or all of it) matches only while the booking is still unpaid, and
 *   places the booking: status, balance, paid amount, history, receipt, BookingConfirmed;
 * - a balance payment matches only while the money is as read, is recognised on replay by its
 *   receipt, and settles what is owed (BalancePaid). Money the booking did not need (a second
 *   balance paid in another tab, a payment landing after a cancellation) is refunded at once.
 */
export class RecordPayment {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly lifecycle: BookingLifecycleWriter,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(
    payment: PaymentSucceeded,
    meta: { eventId: string; correlationId?: string },
    attempt = 1,
  ): Promise<RecordPaymentOutcome> {
    const record = await this.bookings.byId(payment.bookingId);
    if (!record) {
      this.logger.error(
        { bookingId: payment.bookingId, providerRef: payment.providerRef },
        'payment for an unknown booking; needs manual follow-up',
      );
      return 'not-found';
    }
    if (payment.kind === 'balance') return this.balance(record, payment, meta);
    if (record.paymentStatus !== 'unpaid' || payment.driverTaken) return this.unneeded(record, payment, meta);

    const paidAt = this.clock.now().toISOString();
    const percentage = payment.percentage as PaymentPercentage;
    const placed = placeBooking(record, { ...payment, percentage, eventId: meta.eventId }, paidAt);
    const { paymentStatus, outstandingBalancePence } = placed;
    const quote = record.quote;
    const confirmed = await createEvent(
      TOPICS.bookingConfirmed,
      {
        bookingId: record._id,
        randomNumber: record.randomNumber,
        paymentStatus,
        amountPaidPence: payment.amountPence,
        outstandingBalancePence,
        totalPricePence: placed.totalPricePence,
        customer: { name: quote.name, email: quote.email, phone: quote.phone },
        driver: record.driver ?? null,
        move: moveOf(record),
        myMovePath: this.lifecycle.pathOf(record),
      },
      { producer: 'booking', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );
    const placedNow = await this.lifecycle.placeIfUnpaid(
      record._id,
      placed.set,
      outboxEntry(TOPICS.bookingConfirmed, confirmed, record._id),
      { amountPaidPence: record.amountPaidPence },
    );
    if (!placedNow) {
      const now = (await this.bookings.byId(record._id)) ?? record;
      // A refunded late payment was recorded meanwhile: place it again on the record as it is now.
      if (now.paymentStatus === 'unpaid' && attempt < WRITE_ATTEMPTS) return this.execute(payment, meta, attempt + 1);
      // Another payment (or another delivery of this one) placed it between our read and our write.
      return this.unneeded(now, payment, meta);
    }
    this.logger.info({ bookingId: record._id, paymentStatus, outstandingBalancePence }, 'booking paid');
    if (record.deletedAt)
      this.logger.warn(
        { bookingId: record._id, deletedAt: record.deletedAt },
        'a deleted quotation was paid through a checkout still open: the record is restored as a booking',
      );
    return 'recorded';
  }

  private async balance(
    first: StoredBooking,
    payment: PaymentSucceeded,
    meta: { eventId: string },
  ): Promise<RecordPaymentOutcome> {
    const read = () => this.bookings.byId(first._id);
    const apply = async (record: StoredBooking | null): Promise<RecordPaymentOutcome | typeof LOST_RACE> => {
      if (!record) return 'not-found';
      const at = this.clock.now().toISOString();
      // The receipt names the provider's payment: a replayed event finds it and changes nothing.
      const balance = applyBalancePayment(record, payment, at);
      if (balance.replay) return 'already-paid';
      const { applied, excess, balanceAfter } = balance;
      const events: OutboxEntry[] = [];
      if (applied > 0) {
        events.push(
          await this.lifecycle.event(
            'booking.balance-paid',
            {
              ...this.lifecycle.factsOf(record),
              amountPence: payment.amountPence,
              totalPricePence: balance.totalPricePence,
              provider: payment.provider,
              providerRef: payment.providerRef,
              paidAt: at,
              balancePence: balanceAfter,
            },
            record,
            meta.eventId,
          ),
        );
      }
      const refund =
        excess > 0
          ? await this.lifecycle.refund(record, excess, 'overpayment', {
              paymentRef: payment.providerRef,
              causationId: meta.eventId,
            })
          : null;
      if (refund) {
        events.push(refund.entry);
        this.logger.warn(
          { bookingId: record._id, providerRef: payment.providerRef, excess },
          'balance payment the booking did not need; refunding it',
        );
      }
      const written = await this.lifecycle.write(record, {
        set: balance.set,
        history: balance.history,
        receipts: [balance.receipt],
        events,
        ...(refund ? { pendingRefund: refund.pending } : {}),
      });
      if (written) {
        this.logger.info({ bookingId: record._id, applied, balanceAfter }, 'balance payment recorded');
        return 'recorded';
      }
      return LOST_RACE;
    };
    return retryOnConflict(read, apply, {
      attempts: WRITE_ATTEMPTS,
      first,
      exhausted: () =>
        new Error(`booking ${first._id} kept changing while a balance payment was applied; retrying the event`),
    });
  }

  /**
   * A first payment for a booking already placed. The same payment again is a replay; another one
   * (two devices, an older tab, a closed checkout the provider took anyway) is recorded as a
   * payment and refunded in full at once (RefundRequested, that payment only), in one conditional write.
   */
  private async unneeded(
    first: StoredBooking,
    payment: PaymentSucceeded,
    meta: { eventId: string },
  ): Promise<RecordPaymentOutcome> {
    const read = () => this.bookings.byId(first._id);
    const apply = async (record: StoredBooking | null): Promise<RecordPaymentOutcome | typeof LOST_RACE> => {
      if (!record) return 'not-found';
      const at = this.clock.now().toISOString();
      const percentage = payment.percentage as PaymentPercentage;
      const extra = applyUnneededPayment(record, { ...payment, percentage }, at);
      if (extra.replay) return 'already-paid';
      const reason = payment.driverTaken && record.paymentStatus === 'unpaid' ? 'driver-taken' : 'overpayment';
      const refund = await this.lifecycle.refund(record, payment.amountPence, reason, {
        paymentRef: payment.providerRef,
        causationId: meta.eventId,
        unneededPayment: true,
      });
      const written = await this.lifecycle.write(record, {
        set: extra.set,
        history: extra.history,
        receipts: [extra.receipt],
        events: [refund.entry],
        pendingRefund: refund.pending,
      });
      if (!written) return LOST_RACE;
      this.logger.warn(
        { bookingId: record._id, providerRef: payment.providerRef, amountPence: payment.amountPence },
        'second payment for a booking already paid: recorded and refunded',
      );
      return 'already-paid';
    };
    return retryOnConflict(read, apply, {
      attempts: WRITE_ATTEMPTS,
      first,
      exhausted: () =>
        new Error(`booking ${first._id} kept changing while a second payment was recorded; retrying the event`),
    });
  }
}
