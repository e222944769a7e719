import {
  BACKDATA_ALL_PAST_DAYS,
  paidOnDayText,
  type BookingHistoryEntry,
  type BookingRecord,
  type BookingState,
  type DriverToConfirm,
  type NeedsDriver,
} from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import type { DayRecord, StoredBooking } from '../domain/booking-record.js';
import { historyOf, lifecycleFacts, refundPendingPence } from '../domain/lifecycle.js';

/**
 * A booking as staff see it (docs/WIRE-CONTRACT.md, "The booking record (staff)"), without internal fields such as
 * `outbox` or `request`; beside the wire contract's fields, where the booking is in its life (cancelled,
 * postponed) and what was refunded, so staff can tell a refunded job from a paid one.
 */
export type AdminBookingView = Pick<
  BookingRecord,
  | '_id'
  | 'randomNumber'
  | 'date'
  | 'paymentStatus'
  | 'OutstandingBalance'
  | 'percentage'
  | 'reviewRequest'
  | 'quote'
  | 'driver'
> & {
  state: BookingState;
  amountPaidPence: number;
  amountRefundedPence: number;
  refundPendingPence: number;
  cancelledAt: string | null;
  frozenAt: string | null;
  /** The named driver gave the job back: staff must reassign it (null: the driver named is the driver). */
  needsDriver: NeedsDriver | null;
  /** Staff cancelled it: who and why (null: not cancelled by staff). */
  staffCancellation: { by: string; reason: string } | null;
  /** When the driver marked the move done (null: not yet): a done move counts as past, even on its day. */
  jobDoneAt: string | null;
  /** When the named driver accepted the job (null: not yet), for the staff lists' job status. */
  driverAcceptedAt: string | null;
  /** The named driver is asked to confirm a new time, by when (null: nothing to confirm). */
  driverToConfirm: DriverToConfirm | null;
  /** What the driver recorded at "done" as paid to them on the day, and the move's actual times (null: nothing recorded). */
  daySettlement: (DayRecord & { text: string }) | null;
  /** The record's change history with times (the lines My move shows), for the staff panel. */
  history: BookingHistoryEntry[];
};

/** Copies only the listed fields, so anything added to stored records later stays private by default. */
export function toAdminView(record: StoredBooking): AdminBookingView {
  const f = lifecycleFacts(record);
  return {
    _id: record._id,
    randomNumber: record.randomNumber,
    date: record.date,
    paymentStatus: record.paymentStatus,
    OutstandingBalance: record.OutstandingBalance,
    percentage: record.percentage ?? null,
    reviewRequest: record.reviewRequest,
    quote: record.quote,
    driver: record.driver ?? null,
    state: f.state,
    amountPaidPence: f.amountPaidPence,
    amountRefundedPence: f.amountRefundedPence,
    refundPendingPence: refundPendingPence(record),
    cancelledAt: record.cancelledAt ?? null,
    frozenAt: record.frozenAt ?? null,
    needsDriver: record.needsDriver ?? null,
    staffCancellation: record.staffCancellation ?? null,
    jobDoneAt: record.jobDoneAt ?? null,
    driverAcceptedAt: record.driverAcceptedAt ?? null,
    driverToConfirm: record.driverToConfirm ?? null,
    daySettlement: record.daySettlement ? { ...record.daySettlement, text: paidOnDayText(record.daySettlement) } : null,
    history: historyOf(record),
  };
}

/**
 * The legacy staff list (`GET /api/backdata/all`): live records moving from BACKDATA_ALL_PAST_DAYS
 * ago on, oldest saved first. Bounded so it stays a few weeks of work at any size; older moves are
 * read a page at a time (`GET /api/backdata/list?view=past`). Answered as it is read, one view
 * at a time: at a market leader's size the list is over 20 MB, too much to build whole.
 */
export class ListBookings {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock,
  ) {}

  async *stream(): AsyncGenerator<AdminBookingView> {
    const from = new Date(this.clock.now().getTime() - BACKDATA_ALL_PAST_DAYS * 86_400_000).toISOString();
    for await (const record of this.bookings.streamLiveMovingFrom(from)) yield toAdminView(record);
  }
}
