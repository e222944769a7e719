import {
  balanceOf,
  paymentStatusFor,
  penceToPounds,
  poundsToPence,
  TOPICS,
  type BookingHistoryEntry,
  type PaymentPercentage,
  type PaymentSucceeded,
} from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Collection, type DocumentStore, type Logger, type OutboxEntry } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import {
  appendLifecycle,
  depositReceipt,
  historyOf,
  lifecycleFacts,
  materialised,
  moveOf,
  paymentReceipt,
  paymentReceiptId,
  receiptsOf,
  ruleFacts,
  unchangedSince,
} from '../domain/lifecycle.js';
import type { MyMoveLinks } from '../domain/my-move-link.js';
import { pounds } from '../domain/words.js';
import { MyMoveRecords, WRITE_ATTEMPTS } from './my-move-records.js';

const BOOKINGS = 'bookings';

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
  private readonly bookings: Collection<StoredBooking>;
  private readonly records: MyMoveRecords;

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly deps: {
      links: MyMoveLinks;
      /** Nudges the outbox relay so the confirmation goes out now rather than on its next tick. */
      afterWrite?: () => void;
    },
  ) {
    this.bookings = store.collection<StoredBooking>(BOOKINGS);
    this.records = new MyMoveRecords(this.bookings, deps.links, clock, deps.afterWrite);
  }

  async execute(payment: PaymentSucceeded, meta: { eventId: string; correlationId?: string }): Promise<RecordPaymentOutcome> {
    const record = await this.bookings.findOne({ _id: payment.bookingId });
    if (!record) {
      this.logger.error({ bookingId: payment.bookingId, providerRef: payment.providerRef }, 'payment for an unknown booking; needs manual follow-up');
      return 'not-found';
    }
    if (payment.kind === 'balance') return this.balance(record, payment, meta);
    if (record.paymentStatus !== 'unpaid') return this.alreadyPaid(record, payment);

    const percentage = payment.percentage as PaymentPercentage;
    const paymentStatus = paymentStatusFor(percentage);
    const totalPricePence = poundsToPence(record.quote.totalPrice);
    const outstandingBalancePence = Math.max(0, totalPricePence - payment.amountPence);
    const quote = record.quote;
    const paidAt = this.clock.now().toISOString();
    const myMovePath = this.records.pathOf(record);
    const confirmed = await createEvent(
      TOPICS.bookingConfirmed,
      {
        bookingId: record._id,
        randomNumber: record.randomNumber,
        paymentStatus,
        amountPaidPence: payment.amountPence,
        outstandingBalancePence,
        totalPricePence,
        customer: { name: quote.name, email: quote.email, phone: quote.phone },
        driver: record.driver ?? null,
        move: moveOf(record),
        myMovePath,
      },
      { producer: 'booking', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );
    const receipt = depositReceipt({ providerRef: payment.providerRef, provider: payment.provider, amountPence: payment.amountPence, at: paidAt, percentage });
    const booked: BookingHistoryEntry = {
      at: paidAt,
      kind: 'paid',
      text: `Booked: ${receipt.description.toLowerCase()} of ${pounds(payment.amountPence)} paid`,
      amountPence: payment.amountPence,
    };

    const { matched } = await this.bookings.updateOne(
      { _id: record._id, paymentStatus: 'unpaid' },
      {
        $set: {
          paymentStatus,
          percentage,
          OutstandingBalance: penceToPounds(outstandingBalancePence),
          paidAt,
          payment: { amountPence: payment.amountPence, provider: payment.provider, providerRef: payment.providerRef, eventId: meta.eventId },
          state: 'active',
          amountPaidPence: payment.amountPence,
          amountRefundedPence: 0,
          cancelledAt: null,
          frozenAt: null,
          history: [...historyOf({ ...record, paymentStatus: 'unpaid' }), booked],
          receipts: [receipt],
        },
        $push: { outbox: outboxEntry(TOPICS.bookingConfirmed, confirmed, record._id) },
      },
    );
    // Another delivery won the race between our read and our write: it did the job.
    if (matched === 0) return this.alreadyPaid(record, payment);
    this.logger.info({ bookingId: record._id, paymentStatus, outstandingBalancePence }, 'booking paid');
    this.deps.afterWrite?.();
    return 'recorded';
  }

  private async balance(first: StoredBooking, payment: PaymentSucceeded, meta: { eventId: string }): Promise<RecordPaymentOutcome> {
    let record: StoredBooking | null = first;
    for (let attempt = 1; record; attempt++) {
      // The receipt names the provider's payment: a replayed event finds it and changes nothing.
      if (receiptsOf(record).some((r) => r.id === paymentReceiptId(payment.providerRef))) return 'already-paid';
      const facts = ruleFacts(record);
      const open = facts.state !== 'cancelled' && facts.paymentStatus !== 'unpaid';
      const owed = open ? balanceOf(facts) : 0;
      const applied = Math.min(payment.amountPence, owed);
      const excess = payment.amountPence - applied;
      const balanceAfter = owed - applied;
      const at = this.clock.now().toISOString();

      const receipt = paymentReceipt({ providerRef: payment.providerRef, provider: payment.provider, amountPence: payment.amountPence, at, description: 'Balance' });
      const history: BookingHistoryEntry[] = [];
      const outbox: OutboxEntry[] = [];
      if (applied > 0) {
        history.push({ at, kind: 'balance-paid', text: `Balance of ${pounds(applied)} paid${balanceAfter === 0 ? ': paid in full' : ''}`, amountPence: applied });
        outbox.push(
          await this.records.event(
            'booking.balance-paid',
            {
              ...this.records.factsOf(record),
              amountPence: payment.amountPence,
              totalPricePence: facts.totalPricePence,
              provider: payment.provider,
              providerRef: payment.providerRef,
              paidAt: at,
            },
            record,
            meta.eventId,
          ),
        );
      }
      const refund = excess > 0 ? await this.records.refund(record, excess, 'overpayment', { paymentRef: payment.providerRef, causationId: meta.eventId }) : null;
      if (refund) {
        history.push({ at, kind: 'paid', text: `A payment of ${pounds(excess)} was not needed: it will be refunded to your card`, amountPence: excess });
        outbox.push(refund.entry);
        this.logger.warn({ bookingId: record._id, providerRef: payment.providerRef, excess }, 'balance payment the booking did not need; refunding it');
      }
      const { set, push } = appendLifecycle(record, { history, receipts: [receipt] });
      const written = await this.records.write(unchangedSince(record), {
        $set: {
          ...materialised(record, facts.state),
          amountPaidPence: lifecycleFacts(record).amountPaidPence + payment.amountPence,
          ...(open ? { OutstandingBalance: penceToPounds(balanceAfter), ...(balanceAfter === 0 ? { paymentStatus: 'paid' } : {}) } : {}),
          ...set,
        },
        $push: { ...push, outbox: { $each: outbox }, ...(refund ? { pendingRefunds: refund.pending } : {}) },
      });
      if (written) {
        this.logger.info({ bookingId: record._id, applied, balanceAfter }, 'balance payment recorded');
        return 'recorded';
      }
      if (attempt >= WRITE_ATTEMPTS) throw new Error(`booking ${record._id} kept changing while a balance payment was applied; retrying the event`);
      record = await this.bookings.findOne({ _id: record._id });
    }
    return 'not-found';
  }

  private alreadyPaid(record: StoredBooking, payment: PaymentSucceeded): 'already-paid' {
    // The same payment replayed is normal; a different one means the customer paid twice.
    const same = record.payment?.providerRef === payment.providerRef;
    if (!same) this.logger.warn({ bookingId: record._id, providerRef: payment.providerRef }, 'second payment for a booking already paid; refund it');
    return 'already-paid';
  }
}

