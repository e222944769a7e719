import type { SearchKeyQuery } from './search-keys.js';
import type {
  BookingHistoryEntry,
  DriverChange,
  DriverToConfirm,
  InternalFreeDriver,
  InternalPriceResponse,
  JobProgressStep,
  JobReassigned,
  NeedsDriver,
  OutboxEntry,
  PayBalanceResponse,
  PriceCardWire,
  Receipt,
  VanLocationView,
} from '@vanhop/contracts';
import type { DayRecord, PendingRefund, StoredBooking } from './booking-record.js';

/**
 * One decided change of a record's lifecycle: fields stated in full, history lines and receipts to
 * add, the events that announce it and the refund it asks for. The repository writes it as one
 * conditional single-document update (see BookingRepository.writeIfUnchanged).
 */
export interface LifecycleChange {
  set: Partial<StoredBooking>;
  history?: BookingHistoryEntry[];
  receipts?: Receipt[];
  events: OutboxEntry[];
  pendingRefund?: PendingRefund;
}

/** What the staff search matches: a retrieve code, text in a name or e-mail, digits in a phone number. */
/** What a staff search looks up: a retrieve code and search keys (domain/search-keys.ts). */
export type BookingSearchTerms = SearchKeyQuery;

/**
 * The booking aggregate's store. Every state change is one named, conditional single-document
 * write: the condition is what makes concurrent deliveries, double clicks and replays safe (the
 * loser matches nothing), and the events announcing a change are parked in the same write. Records
 * are handed out without those events.
 */
/**
 * One page of a staff list, read through the move-date index: `from`/`to` bound the move dates (ISO,
 * `to` excluded; null: open), `order` 1 soonest first, -1 latest first, `after` the last row of the
 * previous page. `done` narrows by the driver's Done mark: `exclude` leaves done moves out;
 * `pastOrDone` keeps moves before `before` and done ones.
 */
export interface BookingPageQuery {
  kind: 'quotation' | 'job';
  from: string | null;
  to: string | null;
  order: 1 | -1;
  after: { date: string; id: string } | null;
  done: { rule: 'exclude' } | { rule: 'pastOrDone'; before: string } | null;
  limit: number;
}

export interface BookingRepository {
  /** Any record with that id, deleted or not (events name records staff may have deleted since). */
  byId(id: string): Promise<StoredBooking | null>;
  /** A record that has not been deleted. */
  liveById(id: string): Promise<StoredBooking | null>;
  liveByCode(code: number): Promise<StoredBooking | null>;
  /** Whether any record, deleted ones included, holds the code. */
  codeInUse(code: number): Promise<boolean>;
  /** Live records whose move is at or after `from` (ISO), oldest saved first, as they are read: the bounded legacy staff list. */
  streamLiveMovingFrom(from: string): AsyncIterable<StoredBooking>;
  /** One page of a staff list: live records of a kind in a range of move dates, by move date (ties by id). */
  pageLive(query: BookingPageQuery): Promise<StoredBooking[]>;
  /** Live, not cancelled records whose driver gave the job back, soonest move first, after `after`, at most `limit`. */
  pageNeedingDriver(after: { date: string; id: string } | null, limit: number): Promise<StoredBooking[]>;
  /** Live records matching the search, newest move first, at most `limit`. */
  searchLive(match: BookingSearchTerms, limit: number): Promise<StoredBooking[]>;
  /** Gives records saved before the search keys existed their keys, a batch at a time; how many it keyed. */
  keyUnkeyedRecords(batch?: number): Promise<number>;
  /** Throws DuplicateKeyError when the code (or id) is taken. */
  insert(record: StoredBooking, events: OutboxEntry[]): Promise<void>;
  /**
   * The first payment places the booking: false when the record was no longer unpaid, or (given)
   * its recorded money is no longer `paidAsRead` (a refunded late payment was recorded meanwhile).
   */
  markPaidIfUnpaid(
    id: string,
    set: Partial<StoredBooking>,
    event: OutboxEntry,
    paidAsRead?: { amountPaidPence: number | undefined },
  ): Promise<boolean>;
  /** Writes a lifecycle change decided on `record`; false when the record changed since it was read. */
  writeIfUnchanged(record: StoredBooking, change: LifecycleChange): Promise<boolean>;
  /** An issued refund counted, its lines added and the pending refund pulled; false when no longer pending. */
  settleRefundIfPending(
    record: StoredBooking,
    refund: { refundId: string; amountPence: number },
    add: { history: BookingHistoryEntry[]; receipts: Receipt[] },
  ): Promise<boolean>;
  /** Sets `reviewRequest` once (only while still false): a redelivery changes nothing. */
  markReviewRequested(id: string, at: string, by: string): Promise<boolean>;
  /** The named driver gave the job back; false when already marked or another driver is named. */
  markNeedsDriver(id: string, needs: NeedsDriver, line: BookingHistoryEntry): Promise<boolean>;
  /**
   * Staff gave the booking another driver (once: a redelivery matches nothing). The customer's free
   * choice runs from `changedAt` (default: the line's time).
   */
  nameNewDriver(
    id: string,
    previousDriverId: string,
    driver: NonNullable<StoredBooking['driver']>,
    line: BookingHistoryEntry,
    change?: DriverChange,
    changedAt?: string,
  ): Promise<boolean>;
  /**
   * The driver the booking names is asked to confirm a new time: their earlier acceptance no longer
   * counts (once per request; false when a later acceptance was recorded first).
   */
  markDriverToConfirm(id: string, driverId: string, ask: DriverToConfirm, line: BookingHistoryEntry): Promise<boolean>;
  /** The driver the booking names accepted the job: recorded once. */
  markDriverAccepted(id: string, driverId: string, at: string, line: BookingHistoryEntry): Promise<boolean>;
  /** A step of the move day by the driver the booking names, once per step; "done" also records when. */
  markJobProgress(
    id: string,
    driverId: string,
    step: JobProgressStep,
    at: string,
    line: BookingHistoryEntry,
    signedFor?: { name: string; at: string },
    day?: { settlement: DayRecord; outstandingBalance: number; lines: BookingHistoryEntry[] },
  ): Promise<boolean>;
  /** Marks a live quotation deleted, with its event; false when there is none or it took money since. */
  softDelete(id: string, at: string, by: string, event: OutboxEntry): Promise<boolean>;
}

/** The quote service's side of the choice: who is free for the move, and giving the job to one of them. */
export interface DriverChoicePort {
  freeDrivers(bookingId: string): Promise<InternalFreeDriver[]>;
  /** Answers the JobReassigned payload written; ConflictError when that driver is not free any more. */
  choose(bookingId: string, driverId: string): Promise<JobReassigned>;
}

/** The port to the payment service: a checkout for exactly the balance the booking service reports. */
export interface BalanceCheckouts {
  open(bookingId: string): Promise<PayBalanceResponse>;
}

/** The quote service's price of a move (contracts InternalPriceResponse), with the request it priced. */
export type ServerPrice = Omit<InternalPriceResponse, 'request'> & { request: Record<string, unknown> };
/** Re-pricing a stored booking: its id (its driver's time is checked, its own slots left out) and the card it was booked at. */
export interface PricingContext {
  bookingId?: string;
  bookedCard?: PriceCardWire;
  /** The booking's driver may be outside their working hours (staff amendments: they are asked to confirm). */
  outsideDriverHours?: boolean;
}
/** The port to the quote service: the only source of prices. */
export interface QuotePricer {
  price(request: Record<string, unknown>, driverId?: string, context?: PricingContext): Promise<ServerPrice>;
}

/** The port to where the driver's van is now (the quote service keeps the latest position). */
export interface VanLocationReader {
  read(bookingId: string): Promise<VanLocationView>;
}
