import {
  bookingTimeProblem,
  londonClock,
  londonDayOf,
  londonTime,
  penceToPounds,
  type FlexibleDate,
} from '@vanhop/contracts';
import { availabilityCoversSlots, londonSlots, moveWindow, overlapsBusy } from '@vanhop/contracts';
import { complianceTest } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import { moveTotals, totalPenceOn, type MoveToPrice } from '../domain/pricing.js';
import { NEIGHBOUR_MARGIN_MS, travelFits, type NeighbourJob } from '@vanhop/contracts';
import type { BusySource, NeighbourJobSource } from './candidate-time.js';

/** How many days either side of the chosen one the quote prices. */
export const FLEXIBLE_DAYS = 7;
/** The cheapest drivers of the chosen day looked at first on the other days: one of them is usually free. */
export const FLEXIBLE_CHEAPEST = 16;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface FlexibleQuestion {
  /** The move as priced on the chosen day. */
  move: MoveToPrice & { start: Date };
  /** The chosen day's cheapest drivers who can take the move (price order) and their totals. */
  cheapest: readonly { driver: Driver; totalPence: number }[];
  /** The longest short-notice window of any card, in minutes: inside it a day's totals differ from the chosen day's. */
  longestLateMinutes: number;
  /** The move's first and last places, as other jobs keep theirs. */
  ends: { pickup: string; dropoff: string };
  /** The whole quote's cheapest for another start (every candidate looked at): the way when the cheapest drivers are all taken. */
  cheapestAt(start: Date): Promise<number | null>;
}

/**
 * The lowest price for the same move on each of the days either side of the chosen one that can
 * still be booked (the days before the earliest booking time are left out). The chosen
 * day's cheapest drivers are tried in price order against each day's hours, documents, busy time and
 * drives between jobs, read once for all the days; the first free one prices the day. A day when
 * none of them is free, or whose totals may differ from the chosen day's (a short-notice charge, a
 * clock change), is priced by a whole quote for it.
 */
export class FlexibleDates {
  constructor(
    private readonly deps: {
      busy?: BusySource;
      neighbours?: NeighbourJobSource;
      driveBetween(from: string, to: string): Promise<number | null>;
    },
  ) {}

  async around(q: FlexibleQuestion): Promise<FlexibleDate[]> {
    const { move } = q;
    // A day that cannot be booked is no choice at all: left out, so null keeps one meaning (nobody free).
    const starts = daysAround(move.start).filter((start) => bookingTimeProblem(start, move.now) === null);
    if (starts.length === 0) return [];
    const ids = q.cheapest.map((c) => c.driver._id);
    const longest = Math.max(move.bookedHours ?? 0, ...q.cheapest.map((c) => c.driver.card.minimumHours));
    const from = starts[0]!.getTime();
    const to = starts.at(-1)!.getTime() + longest * HOUR_MS;
    const [busy, jobs] = await Promise.all([
      this.busyOf(ids, new Date(from), new Date(to)),
      ids.length > 0 && this.deps.neighbours?.jobsNear
        ? this.deps.neighbours.jobsNear(
            ids,
            new Date(from - NEIGHBOUR_MARGIN_MS - 48 * HOUR_MS),
            new Date(to + NEIGHBOUR_MARGIN_MS + 24 * HOUR_MS),
          )
        : new Map<string, NeighbourJob[]>(),
    ]);
    const chosenHour = londonClock(move.start).hour;
    const comparable = (start: Date) =>
      londonClock(start).hour === chosenHour &&
      Math.min(start.getTime(), move.start.getTime()) - move.now.getTime() >= q.longestLateMinutes * 60_000;
    return Promise.all(
      starts.map(async (start) => {
        const day = londonDayOf(start);
        const found = comparable(start) ? await this.firstFree(q, start, busy, jobs) : undefined;
        const pence = found !== undefined ? found : await q.cheapestAt(start);
        return { day, date: start.toISOString(), lowestPrice: pence === null ? null : penceToPounds(pence) };
      }),
    );
  }

  private busyOf(ids: readonly string[], from: Date, to: Date): Promise<Map<string, Set<string>>> {
    const source = this.deps.busy;
    if (ids.length === 0 || !source) return Promise.resolve(new Map());
    return source.busyOf ? source.busyOf(ids, from, to) : source.busy(from, to, { driverIds: ids });
  }

  /** The total of the first of the cheapest drivers free at `start`, or undefined when none is. */
  private async firstFree(
    q: FlexibleQuestion,
    start: Date,
    busy: Map<string, Set<string>>,
    jobs: Map<string, NeighbourJob[]>,
  ): Promise<number | undefined> {
    const compliant = complianceTest(q.move.now, start);
    const totals = moveTotals({ ...q.move, start });
    for (const { driver } of q.cheapest) {
      const window = moveWindow(start, q.move.bookedHours, driver.card.minimumHours);
      if (!compliant(driver)) continue;
      // No window key: the cards' cached answer stays the chosen day's, which every quote asks about.
      if (driver.availability && !availabilityCoversSlots(driver.availability, londonSlots(window))) continue;
      const held = busy.get(driver._id);
      if (held && overlapsBusy(window, held)) continue;
      const near = (jobs.get(driver._id) ?? []).filter(
        (j) =>
          j.window.end.getTime() > window.start.getTime() - NEIGHBOUR_MARGIN_MS &&
          j.window.start.getTime() < window.end.getTime() + NEIGHBOUR_MARGIN_MS,
      );
      if (near.length > 0 && !(await travelFits(window, q.ends, near, this.deps.driveBetween))) continue;
      return totalPenceOn(totals, driver.card);
    }
    return undefined;
  }
}

/** The same London time on each of the days either side of `start`'s, in order. */
function daysAround(start: Date): Date[] {
  const c = londonClock(start);
  const out: Date[] = [];
  for (let k = -FLEXIBLE_DAYS; k <= FLEXIBLE_DAYS; k++) {
    if (k === 0) continue;
    const d = new Date(Date.UTC(c.year, c.month - 1, c.day) + k * DAY_MS);
    out.push(londonTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), c.hour, c.minute));
  }
  return out;
}
