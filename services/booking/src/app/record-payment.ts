import {
  paymentStatusFor,
  penceToPounds,
  poundsToPence,
  TOPICS,
  type BookingRecord,
  type PaymentPercentage,
  type PaymentSucceeded,
} from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Collection, type DocumentStore, type Logger, type WithOutbox } from '@vanhop/platform';

const BOOKINGS = 'bookings';

type StoredBooking = BookingRecord & WithOutbox;

export type RecordPaymentOutcome = 'recorded' | 'already-paid' | 'not-found';

/**
 * Applies a PaymentSucceeded to its booking exactly once: one conditional single-document write,
 * matching only while the booking is still unpaid, sets the status and outstanding balance and parks
 * the BookingConfirmed event in the same document's outbox. A replay, or a second payment for a
 * booking that is already paid, matches nothing and changes nothing.
 */
export class RecordPayment {
  private readonly bookings: Collection<StoredBooking>;

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Nudges the outbox relay so the confirmation goes out now rather than on its next tick. */
    private readonly afterWrite: () => void = () => undefined,
  ) {
    this.bookings = store.collection<StoredBooking>(BOOKINGS);
  }

  async execute(payment: PaymentSucceeded, meta: { eventId: string; correlationId?: string }): Promise<RecordPaymentOutcome> {
    const record = await this.bookings.findOne({ _id: payment.bookingId });
    if (!record) {
      this.logger.error({ bookingId: payment.bookingId, providerRef: payment.providerRef }, 'payment for an unknown booking; needs manual follow-up');
      return 'not-found';
    }
    if (record.paymentStatus !== 'unpaid') return this.alreadyPaid(record, payment);

    const percentage = payment.percentage as PaymentPercentage;
    const paymentStatus = paymentStatusFor(percentage);
    const totalPricePence = poundsToPence(record.quote.totalPrice);
    const outstandingBalancePence = Math.max(0, totalPricePence - payment.amountPence);
    const quote = record.quote;
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
        move: {
          date: quote.date || record.date,
          addresses: (quote.totalAddress ?? []).map((a) => ({ location: a.location, physicalAddress: a.physicalAddress ?? '', stair: a.stair ?? 0 })),
          typeofVan: quote.typeofVan,
          typeOfWorker: quote.typeOfWorker,
          totalHour: quote.totalHour,
          description: quote.description ?? '',
        },
      },
      { producer: 'booking', correlationId: meta.correlationId, causationId: meta.eventId, clock: this.clock },
    );

    const { matched } = await this.bookings.updateOne(
      { _id: record._id, paymentStatus: 'unpaid' },
      {
        $set: {
          paymentStatus,
          percentage,
          OutstandingBalance: penceToPounds(outstandingBalancePence),
          paidAt: this.clock.now().toISOString(),
          payment: { amountPence: payment.amountPence, provider: payment.provider, providerRef: payment.providerRef, eventId: meta.eventId },
        },
        $push: { outbox: outboxEntry(TOPICS.bookingConfirmed, confirmed, record._id) },
      },
    );
    // Another delivery won the race between our read and our write: it did the job.
    if (matched === 0) return this.alreadyPaid(record, payment);
    this.logger.info({ bookingId: record._id, paymentStatus, outstandingBalancePence }, 'booking paid');
    this.afterWrite();
    return 'recorded';
  }

  private alreadyPaid(record: BookingRecord, payment: PaymentSucceeded): 'already-paid' {
    // The same payment replayed is normal; a different one means the customer paid twice.
    const same = (record as { payment?: { providerRef?: string } }).payment?.providerRef === payment.providerRef;
    if (!same) this.logger.warn({ bookingId: record._id, providerRef: payment.providerRef }, 'second payment for a booking already paid; refund it');
    return 'already-paid';
  }
}
