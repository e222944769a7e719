/**
 * What a job earns its driver, as pure arithmetic over integer pence.
 *
 * The rule: the platform holds the money customers paid online and the driver holds the cash they
 * collected on the day. Commission (the rate in force when the job was confirmed) is due on both.
 * So per job: net = online money kept − commission. Positive, the company owes the driver that;
 * negative (a cash job), the driver owes the company the commission on the cash.
 */
import type { EarningsLine, EarningsTotals } from '@vanhop/contracts';

export interface DriverRef {
  id: string;
  name: string;
  email: string;
}

/** An event's fact, stamped with when it happened so facts arriving out of order still settle on the latest. */
export interface Dated<T> {
  at: string;
  value: T;
}

/**
 * Everything the ledger has heard about one booking, each fact keyed by its natural id (payment
 * reference, refund id, event id) so applying the same event twice sets the same key again.
 */
export interface JobFacts {
  _id: string;
  randomNumber?: number;
  confirmed?: {
    at: string;
    driver: DriverRef | null;
    moveDate: string;
    totalPricePence: number;
    depositPence: number;
    /** The commission rate in force when the job was confirmed (basis points). */
    rateBps: number;
  };
  balancePayments?: Record<string, number>;
  refunds?: Record<string, number>;
  /**
   * Each change of hands, by event id: the new driver (with the difference the office agreed to
   * bear, if any), or null when the job went back to the office (declined, lapsed, suspended).
   */
  reassignments?: Record<string, Dated<Assignee | null>>;
  /** The driver marked the move done (JobProgressed "done"): who, and when. */
  done?: { at: string; driverId: string };
  /** What the driver recorded at "done" as paid to them on the day (absent: not recorded). */
  collectedOnDay?: { method: 'cash' | 'card' | 'none'; amountPence: number };
  /** Overtime and extras the customer agreed on the day (recorded at "done"): added to the price. */
  extrasOnDayPence?: number;
  /** Price and date after an amendment or a new date for a postponed move. */
  reprices?: Record<string, Dated<{ totalPricePence: number; moveDate: string }>>;
  cancelledAt?: string;
  /** Every driver the job was ever with (query key: `drivers.<id>`), so each can find it. */
  drivers?: Record<string, true>;
}

/** A driver given the job on a reassignment, and what the office agreed to pay them above the booked price. */
export interface Assignee extends DriverRef {
  officeBearsPence?: number;
}

/** A store-safe key: no dots or dollar signs (they mean paths and operators to a document store). */
export const factKey = (id: string): string => id.replace(/[.$]/g, '_');

const sum = (m: Record<string, number> | undefined) => Object.values(m ?? {}).reduce((a, b) => a + b, 0);
const latest = <T>(m: Record<string, Dated<T>> | undefined): T | undefined =>
  Object.values(m ?? {})
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .at(-1)?.value;

/**
 * The driver who does (or did) the job: the latest change of hands (nobody while it is back with
 * the office), else the driver it was booked with.
 */
export const currentDriver = (job: JobFacts): DriverRef | null => {
  if (Object.keys(job.reassignments ?? {}).length > 0) return latest(job.reassignments) ?? null;
  return job.confirmed?.driver ?? null;
};

/** What the office agreed to bear above the booked price for the driver who has the job now. */
const officeBearsOf = (job: JobFacts): number =>
  Object.keys(job.reassignments ?? {}).length > 0 ? (latest(job.reassignments)?.officeBearsPence ?? 0) : 0;

export const moveDateOf = (job: JobFacts): string | null =>
  latest(job.reprices)?.moveDate ?? job.confirmed?.moveDate ?? null;

/** Commission on an amount at a rate in basis points, rounded half up to the penny. */
export const commissionOf = (amountPence: number, rateBps: number): number =>
  Math.round((amountPence * rateBps) / 10_000);

/** One confirmed job's line; null before BookingConfirmed has been applied (nothing to count yet). */
export function jobLine(job: JobFacts): EarningsLine | null {
  const c = job.confirmed;
  if (!c) return null;
  const cancelled = job.cancelledAt !== undefined;
  const pricePence = (latest(job.reprices)?.totalPricePence ?? c.totalPricePence) + (job.extrasOnDayPence ?? 0);
  const balanceOnlinePence = sum(job.balancePayments);
  const refundedPence = sum(job.refunds);
  const onlineKeptPence = Math.max(0, c.depositPence + balanceOnlinePence - refundedPence);
  // A cancelled job is worth only what was kept; a live one, what the driver recorded as collected on
  // the day (cash or card in their hands), or before that the rest of its price.
  const day = job.collectedOnDay;
  const cashPence = cancelled
    ? 0
    : day
      ? day.method === 'none'
        ? 0
        : day.amountPence
      : Math.max(0, pricePence - onlineKeptPence);
  // The office pays the difference it agreed on reassigning: the driver earns their own price.
  const officeBearsPence = cancelled ? 0 : officeBearsOf(job);
  const commissionPence =
    commissionOf(onlineKeptPence, c.rateBps) +
    commissionOf(cashPence, c.rateBps) +
    commissionOf(officeBearsPence, c.rateBps);
  return {
    bookingId: job._id,
    randomNumber: job.randomNumber ?? 0,
    moveDate: moveDateOf(job) ?? c.moveDate,
    cancelled,
    pricePence: cancelled ? onlineKeptPence : pricePence + officeBearsPence,
    depositOnlinePence: c.depositPence,
    balanceOnlinePence,
    refundedPence,
    onlineKeptPence,
    cashPence,
    ...(officeBearsPence > 0 ? { officeBearsPence } : {}),
    ...(day && !cancelled ? { collectedOnDay: day.method } : {}),
    rateBps: c.rateBps,
    commissionPence,
    netPence: onlineKeptPence + officeBearsPence - commissionPence,
  };
}

export function totalsOf(lines: EarningsLine[]): EarningsTotals {
  const t: EarningsTotals = {
    pricePence: 0,
    depositOnlinePence: 0,
    balanceOnlinePence: 0,
    refundedPence: 0,
    onlineKeptPence: 0,
    cashPence: 0,
    commissionPence: 0,
    netPence: 0,
  };
  for (const l of lines) for (const k of Object.keys(t) as (keyof EarningsTotals)[]) t[k] += l[k];
  return t;
}

/**
 * What a payout may transfer: the week's net still owed after earlier payouts, never less than
 * nothing. Cash commission the driver owes lowers it; it is never collected by a transfer.
 */
export const payableOf = (netPence: number, paidOutPence: number): number => Math.max(0, netPence - paidOutPence);
