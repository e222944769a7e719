import {
  customerStatusText,
  poundsToPence,
  type BookingLifecycle,
  type JobProgressStep,
  type BookingRecord,
  type PriceCardWire,
  type RefundReason,
} from '@vanhop/contracts';

/** The one name of the booking records' collection (the outbox relay polls it too). */
export const BOOKINGS = 'bookings';

/** A refund asked of the payment service and not yet confirmed by RefundIssued. */
export interface PendingRefund {
  refundId: string;
  amountPence: number;
  reason: RefundReason;
  requestedAt: string;
}

/** The first payment as RecordPayment stored it (records paid before the lifecycle fields have only this). */
export interface RecordedPayment {
  amountPence: number;
  provider: 'stripe' | 'local';
  providerRef: string;
  eventId: string;
}

/**
 * A booking record with its lifecycle, as use cases read and decide on it. The events parked on the
 * stored document (its outbox) are the repository's business and never part of it.
 */
export type StoredBooking = BookingRecord &
  BookingLifecycle & {
    pendingRefunds?: PendingRefund[];
    payment?: RecordedPayment;
    /** How many times the move was priced again since it was saved (a new date, a staff amendment). */
    moveRevision?: number;
    /** The driver's price card the booked price was made at (null or absent: records saved before it was kept). */
    bookedCard?: PriceCardWire | null;
    /** Staff cancelled the booking: who (office records only, never shown to the customer) and why. */
    staffCancellation?: { by: string; reason: string };
    /** When the driver marked each step of the move day (on my way, arrived, done), each once. */
    jobSteps?: Partial<Record<JobProgressStep, string>>;
    /** When the driver marked the move done: the booking is done (Past jobs), the review follows the next morning. */
    jobDoneAt?: string | null;
    /** Who signed for the move when the driver marked it done, and when (My move shows it). */
    jobSignedFor?: { name: string; at: string } | null;
    /** What the driver recorded at "done" as paid to them on the day (cash or card settle the balance), and the move's times. */
    daySettlement?: DayRecord | null;
  };

/** The driver's record of the day, from JobProgressed "done". */
export interface DayRecord {
  method: 'cash' | 'card' | 'none';
  amountPence: number;
  at: string;
  startedAt?: string;
  finishedAt?: string;
  /** Overtime and extras the customer agreed on the day: added to the booking's price. */
  extrasPence?: number;
  extrasReason?: string;
}

/** What a customer holding the code may see (docs/WIRE-CONTRACT.md, "Saved and retrieved records"): no driver contact, no internals. */
export function customerView(record: StoredBooking) {
  const state = record.state ?? 'active';
  const shown = record.paymentStatus === 'unpaid' ? record.quote : withoutContact(record.quote);
  // A driver who gave the job back is not named as the customer's driver (My move does the same).
  const findingDriver = !!record.needsDriver && state === 'active';
  return {
    _id: record._id,
    randomNumber: record.randomNumber,
    date: record.date,
    quote: findingDriver ? { ...shown, driverName: '' } : shown,
    ...(findingDriver ? { findingDriver: true } : {}),
    paymentStatus: record.paymentStatus,
    OutstandingBalance: record.OutstandingBalance,
    percentage: record.percentage,
    // Beside the wire contract's fields, which keep their values: where the booking is, in words.
    state,
    statusText: customerStatusText({
      state,
      paymentStatus: record.paymentStatus,
      balancePence: poundsToPence(record.OutstandingBalance ?? 0),
    }),
  };
}

/**
 * A booked move's customer (name and contact details) and street addresses belong behind its My
 * move link: the code alone (learnt from a mail, a driver's list, a guess) only ever shows what the
 * quote was.
 */
function withoutContact(quote: StoredBooking['quote']): StoredBooking['quote'] {
  return {
    ...quote,
    name: '',
    email: '',
    phone: '',
    totalAddress: quote.totalAddress.map((a) => ({ ...a, physicalAddress: '' })),
  };
}
