import {
  BUSINESS_DAYS,
  BUSINESS_DRIVERS_SHOWN,
  DRIVER_HOURS_DAYS,
  londonDay,
  shiftDay,
  TOPICS,
  type BusinessDay,
  type BusinessFigures,
  type EventEnvelope,
  type EventPayloads,
  type WaitingJob,
} from '@vanhop/contracts';

/**
 * The staff dashboard's read model, as pure folding: each fact event becomes a few small changes
 * (a day's counters, a driver's job, a job waiting for a driver, a support chat's state), and a
 * handful of stored documents become the figures. No record is ever read to answer a request.
 */

/**
 * What a day's counters mean (docs/ADMIN.md, "Business figures"):
 * - `bookings`: bookings confirmed that day and not cancelled since (a cancellation takes the
 *   booking off the day it was confirmed);
 * - `revenuePence` (booked): what those bookings are worth now, after amendments and new dates;
 * - `depositsPence` + `balancesPence` (taken): money received that day;
 * - `refundsPence` (refunded): money given back that day; net = taken - refunded.
 */
export const DAY_COUNTERS = [
  'bookings',
  'revenuePence',
  'depositsPence',
  'balancesPence',
  'refundsPence',
  'quotesPriced',
] as const;
export type DayCounter = (typeof DAY_COUNTERS)[number];

/** A driver's job as the hours chart needs it: the London day the move starts and its booked hours. */
export interface DriverJob {
  moveDay: string;
  hours: number;
}

export type FigureChange =
  /** Counters of one London day, added once per event. */
  | { kind: 'day'; day: string; add: Partial<Record<DayCounter, number>> }
  /** The job is now (or no longer, `job: null`) the driver's. */
  | { kind: 'driverJob'; driverId: string; driverName: string | null; bookingId: string; job: DriverJob | null }
  /** The job waits for a driver, or no longer does (`waiting: null`). */
  | { kind: 'waitingJob'; bookingId: string; waiting: WaitingJob | null }
  /** The support chat waits for staff since that instant, or does not (`awaitingSince: null`). */
  | { kind: 'supportChat'; conversationId: string; awaitingSince: string | null }
  /** A booking was confirmed that London day at that price: remembered so later changes land on that day. */
  | { kind: 'bookingPlaced'; bookingId: string; day: string; totalPricePence: number }
  /** The booking's price is now this (an amendment, a new date): its day's booked value follows. */
  | { kind: 'bookingRepriced'; bookingId: string; totalPricePence: number }
  /** The booking was cancelled: it leaves its day's bookings and booked value (money taken and refunded stays). */
  | { kind: 'bookingCancelled'; bookingId: string };

/** The topics the figures are folded from. */
export const FIGURE_TOPICS = [
  TOPICS.bookingConfirmed,
  TOPICS.balancePaid,
  TOPICS.refundIssued,
  TOPICS.bookingCancelled,
  TOPICS.bookingPostponed,
  TOPICS.bookingAmended,
  TOPICS.bookingReactivated,
  TOPICS.quotesPriced,
  TOPICS.jobOffered,
  TOPICS.jobReturned,
  TOPICS.jobReassigned,
  TOPICS.conversationMessagePosted,
] as const;
export type FigureTopic = (typeof FIGURE_TOPICS)[number];

type Move = { date: string; totalHour: number };

const moveDayOf = (move: Move): string | null => {
  const at = new Date(move.date);
  return Number.isNaN(at.getTime()) ? null : londonDay(at);
};

const jobOf = (move: Move): DriverJob | null => {
  const moveDay = moveDayOf(move);
  return moveDay && Number.isFinite(move.totalHour) && move.totalHour > 0 ? { moveDay, hours: move.totalHour } : null;
};

/** What one event (already validated against its contract) changes in the figures. */
export function figureChanges<K extends FigureTopic>(topic: K, event: EventEnvelope<EventPayloads[K]>): FigureChange[] {
  const day = londonDay(new Date(event.occurredAt));
  switch (topic) {
    case TOPICS.bookingConfirmed: {
      const d = event.data as EventPayloads['booking.confirmed'];
      return [
        { kind: 'day', day, add: { bookings: 1, revenuePence: d.totalPricePence, depositsPence: d.amountPaidPence } },
        { kind: 'bookingPlaced', bookingId: d.bookingId, day, totalPricePence: d.totalPricePence },
      ];
    }
    case TOPICS.bookingAmended:
    case TOPICS.bookingReactivated: {
      const d = event.data as EventPayloads['booking.amended'] | EventPayloads['booking.reactivated'];
      return [{ kind: 'bookingRepriced', bookingId: d.bookingId, totalPricePence: d.totalPricePence }];
    }
    case TOPICS.balancePaid: {
      const d = event.data as EventPayloads['booking.balance-paid'];
      return [{ kind: 'day', day, add: { balancesPence: d.amountPence } }];
    }
    case TOPICS.refundIssued: {
      const d = event.data as EventPayloads['refund.issued'];
      return [{ kind: 'day', day, add: { refundsPence: d.amountPence } }];
    }
    case TOPICS.quotesPriced: {
      const d = event.data as EventPayloads['quote.priced'];
      // The quote service's own London day: a tally flushed just after midnight is still yesterday's.
      return [{ kind: 'day', day: d.day, add: { quotesPriced: d.count } }];
    }
    case TOPICS.bookingCancelled:
    case TOPICS.bookingPostponed: {
      // Either way the driver's time is given back and nobody needs to be found for the job.
      const d = event.data as EventPayloads['booking.cancelled'];
      const out: FigureChange[] = [{ kind: 'waitingJob', bookingId: d.bookingId, waiting: null }];
      // A cancelled booking is no longer a booking; a postponed one still is (its money is kept for it).
      if (topic === TOPICS.bookingCancelled) out.push({ kind: 'bookingCancelled', bookingId: d.bookingId });
      if (d.driver)
        out.push({ kind: 'driverJob', driverId: d.driver.id, driverName: null, bookingId: d.bookingId, job: null });
      return out;
    }
    case TOPICS.jobOffered: {
      const d = event.data as EventPayloads['job.offered'];
      return [
        {
          kind: 'driverJob',
          driverId: d.driver.id,
          driverName: d.driver.name,
          bookingId: d.bookingId,
          job: jobOf(d.move),
        },
      ];
    }
    case TOPICS.jobReturned: {
      // The driver's time stays taken until the job is reassigned or cancelled, so their hours stay.
      const d = event.data as EventPayloads['job.returned'];
      return [
        {
          kind: 'waitingJob',
          bookingId: d.bookingId,
          waiting: {
            bookingId: d.bookingId,
            randomNumber: d.randomNumber,
            driverName: d.driver.name,
            because: d.because,
            moveDate: d.move.date,
            since: d.at,
          },
        },
      ];
    }
    case TOPICS.jobReassigned: {
      const d = event.data as EventPayloads['job.reassigned'];
      return [
        { kind: 'waitingJob', bookingId: d.bookingId, waiting: null },
        { kind: 'driverJob', driverId: d.previousDriverId, driverName: null, bookingId: d.bookingId, job: null },
        {
          kind: 'driverJob',
          driverId: d.driver.id,
          driverName: d.driver.name,
          bookingId: d.bookingId,
          job: jobOf(d.move),
        },
      ];
    }
    case TOPICS.conversationMessagePosted: {
      const d = event.data as EventPayloads['conversation.message-posted'];
      if (d.kind !== 'support') return [];
      if (d.from === 'customer')
        return [{ kind: 'supportChat', conversationId: d.conversationId, awaitingSince: event.occurredAt }];
      if (d.from === 'staff') return [{ kind: 'supportChat', conversationId: d.conversationId, awaitingSince: null }];
      return [];
    }
    default:
      return [];
  }
}

/** One stored day: its counters (absent: none yet). */
export type StoredDay = { _id: string } & Partial<Record<DayCounter, number>>;
/** One stored driver: their current jobs by booking. */
export interface StoredDriverJobs {
  _id: string;
  name?: string;
  jobs?: Record<string, DriverJob>;
}

/** Bookings per complete quote priced, as a percentage to one decimal; null before any quote. */
export function conversionPercent(bookings: number, quotesPriced: number): number | null {
  return quotesPriced > 0 ? Math.round((bookings / quotesPriced) * 1000) / 10 : null;
}

/** The window of daily charts ending today, oldest first. */
export const chartDays = (today: string): string[] =>
  Array.from({ length: BUSINESS_DAYS }, (_, i) => shiftDay(today, i - (BUSINESS_DAYS - 1)));

/** The figures from the stored documents: every chart day present (zeros when quiet), drivers by name. */
export function summarise(input: {
  now: Date;
  days: StoredDay[];
  /** Every driver with work ahead, when the chart is to be worked out from their jobs... */
  drivers?: StoredDriverJobs[];
  /** ...or the chart's drivers as the store keeps them. */
  hours?: DriverHours;
  waiting: WaitingJob[];
  openSupportChats: number;
}): BusinessFigures {
  const today = londonDay(input.now);
  const byDay = new Map(input.days.map((d) => [d._id, d]));
  const days: BusinessDay[] = chartDays(today).map((day) => {
    const stored = byDay.get(day);
    const value = (k: DayCounter) => Math.max(0, Math.round(stored?.[k] ?? 0));
    return {
      day,
      bookings: value('bookings'),
      revenuePence: value('revenuePence'),
      depositsPence: value('depositsPence'),
      balancesPence: value('balancesPence'),
      refundsPence: value('refundsPence'),
      quotesPriced: value('quotesPriced'),
    };
  });
  const sum = (k: 'bookings' | 'quotesPriced') => days.reduce((n, d) => n + d[k], 0);
  const { from, to } = hoursWindow(today);
  const hours = input.hours ?? busiestOf(input.drivers ?? [], from, to);
  // The busiest few by name: the chart stays readable (and the answer small) for any fleet.
  const drivers = [...hours.busiest].sort(
    (a, b) => a.name.localeCompare(b.name) || a.driverId.localeCompare(b.driverId),
  );
  return {
    generatedAt: input.now.toISOString(),
    days,
    conversionPercent: conversionPercent(sum('bookings'), sum('quotesPriced')),
    jobsWaiting: [...input.waiting].sort((a, b) => a.since.localeCompare(b.since)),
    openSupportChats: input.openSupportChats,
    driverWindow: { from: today, to },
    drivers,
    driversBooked: hours.driversBooked,
  };
}

/** The hours chart's window: today and the DRIVER_HOURS_DAYS - 1 London days after it. */
export const hoursWindow = (today: string): { from: string; to: string } => ({
  from: today,
  to: shiftDay(today, DRIVER_HOURS_DAYS - 1),
});

/** A driver's hours booked on moves inside the window (jobs before or after it do not count). */
export const hoursInWindow = (jobs: Record<string, DriverJob> | undefined, from: string, to: string): number =>
  Object.values(jobs ?? {}).reduce((h, j) => (j && j.moveDay >= from && j.moveDay <= to ? h + j.hours : h), 0);

/** A driver on the hours chart. */
export interface BookedDriver {
  driverId: string;
  name: string;
  bookedHours: number;
}

/** The hours chart's drivers: the busiest BUSINESS_DRIVERS_SHOWN (most hours first) and how many have any. */
export interface DriverHours {
  busiest: BookedDriver[];
  driversBooked: number;
}

/** The busiest first, ties by id: the order the store's hours index reads in. */
export const byHoursThenId = (a: BookedDriver, b: BookedDriver): number =>
  b.bookedHours - a.bookedHours || a.driverId.localeCompare(b.driverId);

/** The chart's drivers worked out from each driver's jobs (every driver given is read). */
export function busiestOf(drivers: StoredDriverJobs[], from: string, to: string): DriverHours {
  const booked = drivers
    .map((d) => ({ driverId: d._id, name: d.name ?? d._id, bookedHours: hoursInWindow(d.jobs, from, to) }))
    .filter((d) => d.bookedHours > 0);
  return { busiest: booked.sort(byHoursThenId).slice(0, BUSINESS_DRIVERS_SHOWN), driversBooked: booked.length };
}

/**
 * A store field name for an id: ids are UUIDs here, but a field name must never carry a dot or a
 * `$` (a path or an operator), so anything else is hex-encoded.
 */
export const fieldKey = (id: string): string =>
  /^[\w-]{1,100}$/.test(id) ? id : `x${Buffer.from(id).toString('hex').slice(0, 200)}`;
