import { TOPICS, type PaymentPercentage, type PaymentSucceeded } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxEntry } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import type { StoredBooking } from '../domain/booking-record.js';
import { applyBalancePayment, placeBooking } from '../domain/apply-payment.js';
import { moveOf } from '../domain/lifecycle.js';
import type { MyMoveLinks } from '../domain/my-move-link.js';
import { MyMoveRecords, WRITE_ATTEMPTS } from './my-move-records.js';

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
  private readonly records: MyMoveRecords;

  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly deps: {
      links: MyMoveLinks;
      /** Nudges the outbox relay so the confirmation goes out now rather than on its next tick. */
      afterWrite?: () => void;
    },
  ) {
    this.records = new MyMoveRecords(bookings, deps.links, clock, deps.afterWrite);
  }

  async execute(
    payment: PaymentSucceeded,
    meta: { eventId: string; correlationId?: string },
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
    if (record.paymentStatus !== 'unpaid') return this.alreadyPaid(record, payment);

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
        myMovePath: this.records.pathOf(record),
      },
      { producer: 'booking', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );
    const placedNow = await this.bookings.markPaidIfUnpaid(
      record._id,
      placed.set,
      outboxEntry(TOPICS.bookingConfirmed, confirmed, record._id),
    );
    // Another delivery won the race between our read and our write: it did the job.
    if (!placedNow) return this.alreadyPaid(record, payment);
    this.logger.info({ bookingId: record._id, paymentStatus, outstandingBalancePence }, 'booking paid');
    if (record.deletedAt)
      this.logger.warn(
        { bookingId: record._id, deletedAt: record.deletedAt },
        'a deleted quotation was paid through a checkout still open: the record is restored as a booking',
      );
    this.deps.afterWrite?.();
    return 'recorded';
  }

  private async balance(
    first: StoredBooking,
    payment: PaymentSucceeded,
    meta: { eventId: string },
  ): Promise<RecordPaymentOutcome> {
    let record: StoredBooking | null = first;
    for (let attempt = 1; record; attempt++) {
      const at = this.clock.now().toISOString();
      // The receipt names the provider's payment: a replayed event finds it and changes nothing.
      const balance = applyBalancePayment(record, payment, at);
      if (balance.replay) return 'already-paid';
      const { applied, excess, balanceAfter } = balance;
      const events: OutboxEntry[] = [];
      if (applied > 0) {
        events.push(
          await this.records.event(
            'booking.balance-paid',
            {
              ...this.records.factsOf(record),
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
          ? await this.records.refund(record, excess, 'overpayment', {
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
      const written = await this.records.write(record, {
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
      if (attempt >= WRITE_ATTEMPTS)
        throw new Error(`booking ${record._id} kept changing while a balance payment was applied; retrying the event`);
      record = await this.bookings.byId(record._id);
    }
    return 'not-found';
  }

  private alreadyPaid(record: StoredBooking, payment: PaymentSucceeded): 'already-paid' {
    // The same payment replayed is normal; a different one means the customer paid twice.
    const same = record.payment?.providerRef === payment.providerRef;
    if (!same)
      this.logger.warn(
        { bookingId: record._id, providerRef: payment.providerRef },
        'second payment for a booking already paid; refund it',
      );
    return 'already-paid';
  }
}
