import type { DriverTimeChanged } from '@vanhop/contracts';
import { indexOf, insertUnique, queryIndex, type Clock, type Collection, type DocumentStore } from '@vanhop/platform';
import type { NeighbourJob } from '@vanhop/contracts';

export const SUPPLY_TIME = 'supply_time';
const SLOT_MS = 15 * 60_000;
/**
 * No booking holds a driver longer than this (the longest move and any card's minimum are under a
 * day): busy() reads the time starting this long before the range, through the index on `from`.
 */
const LONGEST_HOLD_MS = 48 * 3_600_000;
/**
 * How long after its time ended a row is kept: far beyond every lookback pricing reads through
 * (LONGEST_HOLD_MS here, CandidateTime's neighbour and soonest lookbacks, all two days or less).
 */
export const SUPPLY_TIME_HORIZON_MS = 14 * 24 * 3_600_000;
/** How many rows one prune pass reads: bounded, the next pass takes the rest. */
const PRUNE_PAGE = 500;

/** One booking's claim on one driver's time as last published (driver-time.changed), flattened for its indexes. */
interface TimeDoc {
  _id: string;
  bookingId: string;
  driverId: string;
  revision: number;
  state: DriverTimeChanged['state'];
  /** The quarter hours held, [from, to) (absent: given back). */
  from?: string;
  to?: string;
  expiresAt?: string;
  /** The job as a neighbour of the driver's other moves (absent: none). */
  jobFrom?: string;
  jobTo?: string;
  jobDriverId?: string;
  pickup?: string;
  dropoff?: string;
  /** When this time ends (its quarter hours' or job's end; time given back: when that was applied): what `prune` compares. */
  until?: string;
}

/** The read model's reads and the index each goes through (test/architecture/query-indexes). */
export const SUPPLY_TIME_QUERIES = {
  busy: queryIndex(SUPPLY_TIME, 'the time held or kept starting in a range, every driver', { from: 1 }),
  busyOf: queryIndex(SUPPLY_TIME, "a few drivers' time held or kept starting in a range", { driverId: 1, from: 1 }),
  jobsNear: queryIndex(SUPPLY_TIME, "the drivers' jobs starting in a range", { jobFrom: 1 }),
  jobsOf: queryIndex(SUPPLY_TIME, "one driver's jobs starting in a range", { jobDriverId: 1, jobFrom: 1 }),
  prunable: queryIndex(SUPPLY_TIME, 'the time that ended before a date', { until: 1 }),
} as const;

const OPTIONAL_FIELDS = ['from', 'to', 'expiresAt', 'jobFrom', 'jobTo', 'jobDriverId', 'pickup', 'dropoff'] as const;

/**
 * Quote's own read model of the drivers' booked time (`supply_time`), fed only by
 * driver-time.changed: one document per (booking, driver), replaced only by a higher revision. It
 * answers what pricing asks of the slots (BusySource: the quarter hours taken, a held one only
 * until its expiry) and of the jobs (NeighbourJobSource: the jobs that keep their driver's time),
 * both declared by pricing (app/candidate-time.ts).
 */
export class SupplyTime {
  private readonly col: Collection<TimeDoc>;
  private readonly listeners: ((key: string, revision: number) => void)[] = [];

  constructor(
    store: DocumentStore,
    private readonly clock: Clock,
  ) {
    this.col = store.collection<TimeDoc>(SUPPLY_TIME);
  }

  async ensureIndexes(): Promise<void> {
    // Sparse: time given back has no `from`, and most bookings are no driver's job.
    await this.col.ensureIndex(indexOf(SUPPLY_TIME_QUERIES.busy, { sparse: true }));
    await this.col.ensureIndex(indexOf(SUPPLY_TIME_QUERIES.busyOf));
    await this.col.ensureIndex(indexOf(SUPPLY_TIME_QUERIES.jobsNear, { sparse: true }));
    await this.col.ensureIndex(indexOf(SUPPLY_TIME_QUERIES.jobsOf, { sparse: true }));
    // Sparse: rows kept before `until` was written have none (not pruned).
    await this.col.ensureIndex(indexOf(SUPPLY_TIME_QUERIES.prunable, { sparse: true }));
  }

  /** Told each `booking:driver` this process applied (kept, or older than the one held) with the event's revision. */
  onApplied(listener: (key: string, revision: number) => void): void {
    this.listeners.push(listener);
  }

  /** Keeps the state unless one of the same or a higher revision is already here; true when kept. */
  async apply(e: DriverTimeChanged): Promise<boolean> {
    const _id = `${e.bookingId}:${e.driverId}`;
    const fields: Omit<TimeDoc, '_id'> = {
      bookingId: e.bookingId,
      driverId: e.driverId,
      revision: e.revision,
      state: e.state,
      ...(e.state !== 'given-back' && e.from && e.to ? { from: e.from, to: e.to } : {}),
      ...(e.state === 'held' && e.expiresAt ? { expiresAt: e.expiresAt } : {}),
      ...(e.job
        ? {
            jobFrom: e.job.from,
            jobTo: e.job.to,
            jobDriverId: e.driverId,
            pickup: e.job.pickup,
            dropoff: e.job.dropoff,
          }
        : {}),
      until: untilOf(e, this.clock.now()),
    };
    const unset = Object.fromEntries(
      OPTIONAL_FIELDS.filter((f) => fields[f] === undefined).map((f) => [f, true as const]),
    );
    const newer = async () =>
      (
        await this.col.updateOne(
          { _id, revision: { $lt: e.revision } },
          { $set: fields, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
        )
      ).matched === 1;
    const kept = (await newer()) || (await insertUnique(this.col, { _id, ...fields })) || (await newer());
    for (const l of this.listeners) l(_id, e.revision);
    return kept;
  }

  /** The revision held for a (booking, driver) (0: none): what a reader waits for. */
  async revisionOf(bookingId: string, driverId: string): Promise<number> {
    return (await this.col.findOne({ _id: `${bookingId}:${driverId}` }))?.revision ?? 0;
  }

  /**
   * Deletes up to a page of rows whose time ended more than `horizonMs` ago: no price reads them.
   * A late event for one re-creates at most such a row, which the next pass deletes again; a
   * later change of the booking comes with a higher revision (fleet's are from its clock).
   */
  async prune(horizonMs = SUPPLY_TIME_HORIZON_MS, limit = PRUNE_PAGE): Promise<number> {
    const before = new Date(this.clock.now().getTime() - horizonMs).toISOString();
    let pruned = 0;
    for (const d of await this.col.find({ until: { $lt: before } }, { limit }))
      pruned += await this.col.deleteOne({ _id: d._id, revision: d.revision });
    return pruned;
  }

  /**
   * One page of the walk that gives `until` to rows written before it was kept (after `after` by
   * id); `next` is where the next page starts (null: none left).
   */
  async stampPage(after: string, limit: number): Promise<{ stamped: number; next: string | null }> {
    const page = await this.col.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit });
    const now = this.clock.now();
    let stamped = 0;
    for (const d of page) {
      if (d.until !== undefined) continue;
      const ends = [d.to, d.jobTo].filter((t): t is string => t !== undefined).map((t) => Date.parse(t));
      const until = ends.length > 0 ? new Date(Math.max(...ends)).toISOString() : now.toISOString();
      stamped += (await this.col.updateOne({ _id: d._id, revision: d.revision }, { $set: { until } })).matched;
    }
    return { stamped, next: page.length < limit ? null : page.at(-1)!._id };
  }

  async busy(
    from: Date,
    to: Date,
    options: { exceptBookingId?: string; driverIds?: readonly string[] } = {},
  ): Promise<Map<string, Set<string>>> {
    const docs = await this.col.find({
      from: { $gte: new Date(from.getTime() - LONGEST_HOLD_MS).toISOString(), $lt: to.toISOString() },
    });
    return this.takenByDriver(
      docs,
      from,
      to,
      options.driverIds ? new Set(options.driverIds) : null,
      options.exceptBookingId,
    );
  }

  async busyOf(driverIds: readonly string[], from: Date, to: Date): Promise<Map<string, Set<string>>> {
    if (driverIds.length === 0) return new Map();
    const docs = await this.col.find({
      driverId: { $in: [...driverIds] },
      from: { $gte: new Date(from.getTime() - LONGEST_HOLD_MS).toISOString(), $lt: to.toISOString() },
    });
    return this.takenByDriver(docs, from, to, null, undefined);
  }

  /** The quarter hours in [from, to) of the kept and live held time, by driver (a lapsed hold counts no more). */
  private takenByDriver(
    docs: readonly TimeDoc[],
    from: Date,
    to: Date,
    wanted: ReadonlySet<string> | null,
    exceptBookingId: string | undefined,
  ): Map<string, Set<string>> {
    const now = this.clock.now().toISOString();
    const out = new Map<string, Set<string>>();
    for (const d of docs) {
      if (d.state === 'given-back' || d.from === undefined || d.to === undefined) continue;
      if (wanted && !wanted.has(d.driverId)) continue;
      if (d.bookingId === exceptBookingId) continue;
      if (d.state === 'held' && d.expiresAt !== undefined && d.expiresAt <= now) continue;
      const end = Math.min(Date.parse(d.to), to.getTime());
      for (let t = Date.parse(d.from); t < end; t += SLOT_MS) {
        if (t < from.getTime()) continue;
        if (!out.has(d.driverId)) out.set(d.driverId, new Set());
        out.get(d.driverId)!.add(new Date(t).toISOString());
      }
    }
    return out;
  }

  async jobsOf(driverId: string, from: Date, to: Date): Promise<NeighbourJob[]> {
    const docs = await this.col.find(
      { jobDriverId: driverId, jobFrom: { $gte: from.toISOString(), $lt: to.toISOString() } },
      { sort: { jobFrom: 1 } },
    );
    return docs.map(neighbourOf);
  }

  async jobsNear(driverIds: readonly string[] | null, from: Date, to: Date): Promise<Map<string, NeighbourJob[]>> {
    const byDriver = new Map<string, NeighbourJob[]>();
    if (driverIds?.length === 0) return byDriver;
    const wanted = driverIds ? new Set(driverIds) : null;
    const docs = await this.col.find({ jobFrom: { $gte: from.toISOString(), $lt: to.toISOString() } });
    for (const d of docs) {
      if (wanted && !wanted.has(d.driverId)) continue;
      byDriver.set(d.driverId, [...(byDriver.get(d.driverId) ?? []), neighbourOf(d)]);
    }
    return byDriver;
  }
}

/** The end of an event's time: the later of its quarter hours and its job; none (given back, no job): now. */
function untilOf(e: DriverTimeChanged, now: Date): string {
  const ends = [e.state !== 'given-back' ? e.to : undefined, e.job?.to].filter((t): t is string => t !== undefined);
  if (ends.length === 0) return now.toISOString();
  return new Date(Math.max(...ends.map((t) => Date.parse(t)))).toISOString();
}

const neighbourOf = (d: TimeDoc): NeighbourJob => ({
  bookingId: d.bookingId,
  window: { start: new Date(d.jobFrom!), end: new Date(d.jobTo!) },
  pickup: d.pickup!,
  dropoff: d.dropoff!,
});
