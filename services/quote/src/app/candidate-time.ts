import { earliestBookingTime, MAX_HOURS } from '@vanhop/contracts';
import { londonSlots, moveWindow, overlapsBusy, SLOT_MINUTES, type Window } from '@vanhop/contracts';
import {
  HAS_DOCUMENTS,
  HAS_HOURS,
  quartersNeeded,
  type CandidateRows,
  type QuartersNeeded,
} from '../domain/card-columns.js';
import { complianceTest } from '@vanhop/contracts';
import type { CandidateRules } from '../domain/rank-candidates.js';
import { NEIGHBOUR_MARGIN_MS, travelFits, type NeighbourJob } from '@vanhop/contracts';

/** Quarter hours drivers are already booked or held for (adapters/driver-slots.ts), per driver (only `driverIds`' when given). */
export interface BusySource {
  busy(
    from: Date,
    to: Date,
    options?: { exceptBookingId?: string; driverIds?: readonly string[] },
  ): Promise<Map<string, Set<string>>>;
  /** The same for a few drivers over a longer range, read by driver. */
  busyOf?(driverIds: readonly string[], from: Date, to: Date): Promise<Map<string, Set<string>>>;
}

/**
 * A driver's other live jobs (their windows and places) starting within [from, to), for the drive
 * between jobs. `jobsNear`: every driver's, in one read (jobsOf is read per driver).
 */
export interface NeighbourJobSource {
  jobsOf(driverId: string, from: Date, to: Date): Promise<NeighbourJob[]>;
  jobsNear?(driverIds: readonly string[] | null, from: Date, to: Date): Promise<Map<string, NeighbourJob[]>>;
}

/**
 * How far before a move's window a neighbour job may start and still end near it: the margin, the
 * longest booking, and a day to spare (the store compares the ISO dates as text).
 */
const NEIGHBOUR_LOOKBACK_MS = NEIGHBOUR_MARGIN_MS + (MAX_HOURS + 24) * 3_600_000;
/** How far before a dated move its drivers' earlier work is looked at, for who is free soonest. */
const SOONEST_LOOKBACK_MS = 12 * 3_600_000;
/** How far ahead an undated quote looks for each driver's first free start. */
const SOONEST_LOOKAHEAD_MS = 24 * 3_600_000;
const SLOT_MS = SLOT_MINUTES * 60_000;
const HOUR_MS = 3_600_000;

export interface TimeQuestion {
  /** The move's start; absent for an undated quote (a comparison: nobody is ruled out by time). */
  start: Date | undefined;
  hours: number | undefined;
  now: Date;
  /** Read busy times and jobs around the move (the customer's offers, a re-price). */
  checkBusy: boolean;
  /** A re-priced booking: its own slots and job are left out, and its driver keeps it despite lapsed documents. */
  forBookingId: string | undefined;
  /** Priced even outside their weekly hours and days off (a staff amendment). */
  anyHoursSlot: number;
  /** One row priced on another card (its minimum hours make its window). */
  override?: { slot: number; minimumHours: number; totalPence: number };
  /** The move's first and last places (labels), for the drive from and to other jobs. */
  ends: { pickup: string; dropoff: string };
}

/** A window (and the quarter hours cards' hours must cover, worked out when first needed) per minimum hours: drivers' windows differ by nothing else. */
function windowsByMinimum(start: Date, hours: number | undefined) {
  const made = new Map<number, { window: Window; needed: QuartersNeeded | null }>();
  return (minimumHours: number) => {
    let w = made.get(minimumHours);
    if (!w) {
      w = { window: moveWindow(start, hours, minimumHours), needed: null };
      made.set(minimumHours, w);
    }
    return w;
  };
}

/**
 * What rules the candidates out by time and when each is free, read once for the whole move: the
 * cards' hours and documents (asked per card, only of cards that have them), the drivers busy in the
 * window (one read of the slots, whatever the fleet), those who could not get there from another job,
 * and when each is free for the "soonest free" order (docs/PRICING.md).
 */
export class CandidateTime {
  constructor(
    private readonly deps: {
      busy?: BusySource;
      neighbours?: NeighbourJobSource;
      driveBetween(from: string, to: string): Promise<number | null>;
    },
  ) {}

  async rules(rows: CandidateRows, q: TimeQuestion): Promise<CandidateRules> {
    const { columns } = rows;
    const minimumOf = (slot: number) =>
      slot === q.override?.slot ? q.override.minimumHours : columns.minimumHours[slot]!;
    const ruledOut = new Set<number>();
    const freeAt = new Map<number, number>();
    const base = { ruledOut, freeAt, ...(q.override ? { override: q.override } : {}) };
    const compliant = complianceTest(q.now, q.start, q.forBookingId);
    if (!q.start) {
      const cardAllows = (slot: number, _min: number, flags: number) =>
        !(flags & HAS_DOCUMENTS) || compliant(columns.driverAt(slot));
      return { ...base, cardAllows, freeFrom: await this.firstFreeStarts(rows, q, minimumOf, freeAt) };
    }
    const start = q.start;
    const windowOf = windowsByMinimum(start, q.hours);
    // Most cards share a minimum: the last one's quarter hours are kept at hand.
    let [lastMinimum, lastNeeded] = [Number.NaN, null as QuartersNeeded | null];
    const neededFor = (minimumHours: number) => {
      if (minimumHours !== lastMinimum || !lastNeeded) {
        const w = windowOf(minimumHours);
        w.needed ??= quartersNeeded(londonSlots(w.window));
        [lastMinimum, lastNeeded] = [minimumHours, w.needed];
      }
      return lastNeeded;
    };
    const cardAllows = (slot: number, minimumHours: number, flags: number) => {
      if (flags & HAS_DOCUMENTS && !compliant(columns.driverAt(slot))) return false;
      if (!(flags & HAS_HOURS) || slot === q.anyHoursSlot) return true;
      return columns.worksThrough(slot, neededFor(minimumHours));
    };
    const since = start.getTime() - SOONEST_LOOKBACK_MS;
    if (!q.checkBusy || rows.slots.length === 0) return { ...base, cardAllows, freeFrom: since };
    // Every window ends by then: the longest of the booked hours and any card's minimum.
    const latestEnd = start.getTime() + Math.max(q.hours ?? 0, columns.longestMinimumHours) * HOUR_MS;
    await Promise.all([
      this.busyInWindow(rows, q, start, latestEnd, (slot) => windowOf(minimumOf(slot)).window, ruledOut, freeAt),
      this.noTimeToGetThere(rows, q, start, latestEnd, (slot) => windowOf(minimumOf(slot)).window, ruledOut),
    ]);
    return { ...base, cardAllows, freeFrom: since };
  }

  /**
   * The drivers booked or held for part of their window are ruled out; the others' last booked
   * quarter hour in the 12 hours before the start says when they are free (nothing booked: free
   * all that time, `freeFrom`). One read of every driver's slots from then to the latest end.
   */
  private async busyInWindow(
    rows: CandidateRows,
    q: TimeQuestion,
    start: Date,
    latestEnd: number,
    windowOf: (slot: number) => Window,
    ruledOut: Set<number>,
    freeAt: Map<number, number>,
  ): Promise<void> {
    if (!this.deps.busy) return;
    // Every open checkout hides its driver from every quote, the customer's own too: an e-mail is no
    // proof of whose checkout it is, so the offers never tell anyone that an address has one open.
    const busy = await this.deps.busy.busy(
      new Date(Math.floor((start.getTime() - SOONEST_LOOKBACK_MS) / SLOT_MS) * SLOT_MS),
      new Date(latestEnd),
      q.forBookingId !== undefined ? { exceptBookingId: q.forBookingId } : {},
    );
    for (const [id, slots] of busy) {
      const slot = rows.columns.slotOf(id);
      if (slot === undefined) continue;
      if (overlapsBusy(windowOf(slot), slots)) {
        ruledOut.add(slot);
        continue;
      }
      let free = start.getTime() - SOONEST_LOOKBACK_MS;
      for (const s of slots) {
        const t = Date.parse(s);
        if (t < start.getTime() && t + SLOT_MS > free) free = t + SLOT_MS;
      }
      freeAt.set(slot, free);
    }
  }

  /**
   * Drivers who cannot drive from their job before this move to its pickup, or from its drop-off to
   * their next job, in the time between (a driver booked NW2 → SE1 until 13:00 is not offered a 13:00
   * start back in NW2). Only candidates with another live job near the window are looked at.
   */
  private async noTimeToGetThere(
    rows: CandidateRows,
    q: TimeQuestion,
    start: Date,
    latestEnd: number,
    windowOf: (slot: number) => Window,
    ruledOut: Set<number>,
  ): Promise<void> {
    const source = this.deps.neighbours;
    if (!source) return;
    const { columns, slots } = rows;
    // Only jobs starting then can end or begin near the move's window.
    const from = new Date(start.getTime() - NEIGHBOUR_LOOKBACK_MS);
    const to = new Date(latestEnd + NEIGHBOUR_MARGIN_MS + 24 * HOUR_MS);
    let jobsOf: [number, NeighbourJob[]][];
    if (source.jobsNear) {
      // One read of every driver's jobs around the move rather than one per driver.
      const around = await source.jobsNear(null, from, to);
      if (around.size === 0) return;
      const isCandidate = columns.markRows(slots);
      jobsOf = [];
      for (const [id, jobs] of around) {
        const slot = columns.slotOf(id);
        if (slot !== undefined && isCandidate(slot)) jobsOf.push([slot, jobs]);
      }
    } else {
      const all = Array.from(slots);
      jobsOf = await Promise.all(
        all.map(
          async (slot) => [slot, await source.jobsOf(columns.driverAt(slot)._id, from, to)] as [number, NeighbourJob[]],
        ),
      );
    }
    const drives = new Map<string, Promise<number | null>>();
    const driveSeconds = (from: string, to: string) => {
      const key = `${from}\u0000${to}`;
      if (!drives.has(key)) drives.set(key, this.deps.driveBetween(from, to));
      return drives.get(key)!;
    };
    await Promise.all(
      jobsOf.map(async ([slot, jobs]) => {
        const window = windowOf(slot);
        const near = jobs.filter(
          (j) =>
            j.bookingId !== q.forBookingId &&
            j.window.end.getTime() > window.start.getTime() - NEIGHBOUR_MARGIN_MS &&
            j.window.start.getTime() < window.end.getTime() + NEIGHBOUR_MARGIN_MS,
        );
        if (near.length > 0 && !(await travelFits(window, q.ends, near, driveSeconds))) ruledOut.add(slot);
      }),
    );
  }

  /**
   * An undated quote: each driver's first start from the earliest bookable time, within a day, at
   * which they hold none of the move's hours; those holding nothing then are free from the earliest
   * (the answer). Without busy times read (a price for a booking already chosen) everyone ties.
   */
  private async firstFreeStarts(
    rows: CandidateRows,
    q: TimeQuestion,
    minimumOf: (slot: number) => number,
    freeAt: Map<number, number>,
  ): Promise<number> {
    const earliest = earliestBookingTime(q.now).getTime();
    if (!q.checkBusy || !this.deps.busy || rows.slots.length === 0) return earliest;
    const held = await this.deps.busy.busy(new Date(earliest), new Date(earliest + SOONEST_LOOKAHEAD_MS));
    for (const [id, slots] of held) {
      const slot = rows.columns.slotOf(id);
      if (slot === undefined || slots.size === 0) continue;
      const taken = new Set([...slots].map((s) => Date.parse(s)));
      const length = Math.max(q.hours ?? 0, minimumOf(slot)) * HOUR_MS;
      let first = earliest + SOONEST_LOOKAHEAD_MS;
      for (let at = earliest; at < earliest + SOONEST_LOOKAHEAD_MS; at += SLOT_MS) {
        let clear = true;
        for (let t = at; t < at + length && clear; t += SLOT_MS) clear = !taken.has(t);
        if (clear) {
          first = at;
          break;
        }
      }
      freeAt.set(slot, first);
    }
    return earliest;
  }
}
