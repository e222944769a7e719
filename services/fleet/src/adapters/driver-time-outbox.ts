import { TOPICS, type DriverTimeChanged } from '@vanhop/contracts';
import {
  createEvent,
  indexOf,
  insertUnique,
  outboxEntry,
  queryIndex,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
} from '@vanhop/platform';
import type { SupplyOutboxDeps } from './supply-outbox-deps.js';
import type { JobDoc } from '../domain/ports.js';
import { DRIVER_SLOTS } from './driver-slots.js';
import { DRIVER_JOBS } from './job-repository.js';

export const DRIVER_TIME_LEDGER = 'driver_time_ledger';
const SLOT_MS = 15 * 60_000;
const PRODUCER = 'fleet';
/** How many bookings one sweep publishes: bounded, the next pass takes the rest. */
const SWEEP_PAGE = 200;
/** How many ledgers one prune pass reads: bounded, the next pass takes the rest. */
const PRUNE_PAGE = 200;
/**
 * How long after a booking's time ended (and after its last publication) its ledger is kept:
 * far beyond what pricing reads around a move (quote's lookbacks are two days at most).
 */
export const LEDGER_HORIZON_MS = 14 * 24 * 3_600_000;

/** The ledger's reads beyond `_id` and the index each goes through (test/architecture/query-indexes). */
export const DRIVER_TIME_LEDGER_QUERIES = {
  prunable: queryIndex(DRIVER_TIME_LEDGER, 'the ledgers whose time ended before a date', { until: 1 }),
} as const;

/** What one (booking, driver) was last published as: its revision and the state the event carried. */
interface Published {
  driverId: string;
  revision: number;
  /** The event's payload without bookingId, driverId and revision, as JSON: compared to find a change. */
  state: string;
}

/** One booking's ledger: what was published of it per driver, and whether a change is yet to be. */
interface LedgerDoc {
  _id: string;
  /** Bumped by every mark and every publication: a publication is written only over the ledger it read. */
  v: number;
  /** Set (1) by a mark before a change of the booking's time or job; unset by the publication after it. */
  pending?: number;
  published: Published[];
  outbox?: OutboxEntry[];
  /**
   * The latest of the booking's windows' ends (held, kept, the job's) and its last publication, as
   * last published: what `prune` compares (absent on a ledger not published since it was added).
   */
  until?: string;
}

interface SlotView {
  driverId: string;
  slotStart: string;
  bookingId: string;
  expiresAt?: string;
}

type TimeState = Omit<DriverTimeChanged, 'bookingId' | 'driverId' | 'revision'>;

/** The state a booking's slots of one driver and its job give that driver (pure). */
export function timeStateOf(slots: readonly SlotView[], job: JobDoc | null, driverId: string): TimeState {
  const mine = slots.filter((s) => s.driverId === driverId).map((s) => s.slotStart);
  let time: Pick<TimeState, 'state' | 'from' | 'to' | 'expiresAt'> = { state: 'given-back' };
  if (mine.length > 0) {
    const own = slots.filter((s) => s.driverId === driverId);
    const starts = mine.map((s) => Date.parse(s));
    const from = new Date(Math.min(...starts)).toISOString();
    const to = new Date(Math.max(...starts) + SLOT_MS).toISOString();
    // A paid booking's slots are kept (no expiry); an unpaid checkout's lapse at their expiry. A
    // booking whose slots are partly kept and partly held (a paid booking held again for a new
    // window with an expiry) is published as kept throughout: its held part does not lapse here.
    const kept = own.some((s) => s.expiresAt === undefined);
    time = kept
      ? { state: 'kept', from, to }
      : {
          state: 'held',
          from,
          to,
          expiresAt: own
            .map((s) => s.expiresAt!)
            .sort()
            .at(-1)!,
        };
  }
  return { ...time, job: jobOf(job, driverId) };
}

/** When a driver's time from this booking ends: its held or kept quarter hours, or its job (0: none). */
function endOf(state: TimeState): number {
  return Math.max(state.to ? Date.parse(state.to) : 0, state.job ? Date.parse(state.job.to) : 0);
}

/** The job as a neighbour of the driver's other moves (JobRepository's keepingTime), or null. */
function jobOf(job: JobDoc | null, driverId: string): TimeState['job'] {
  if (!job || job.driverId !== driverId) return null;
  if ((job.bookingState ?? 'active') !== 'active' || job.move.addresses.length === 0) return null;
  const start = Date.parse(job.move.date);
  if (Number.isNaN(start)) return null;
  return {
    from: job.move.date,
    to: new Date(start + job.move.totalHour * 3_600_000).toISOString(),
    pickup: job.move.addresses[0]!.location,
    dropoff: job.move.addresses.at(-1)!.location,
  };
}

/**
 * Publishes driver-time.changed through a ledger of its own (one document per booking, relayed by
 * fleet's OutboxRelay). A hold's slots are many documents and a release deletes them, so no event
 * can ride on them: instead every change of a booking's time or job is bracketed: `mark` before it
 * (a flag on the ledger), `publish` after it, which reads the booking's slots and job, compares each
 * driver's state with what was last published, and parks the events of those that changed, with
 * their next revision, in one write conditional on the ledger read (a mark or another publication
 * meanwhile: read again). A process stopped between the change and the publication leaves the flag
 * for `sweep`. A hold's lapse needs no event: the expiry it carries ends it for every reader.
 */
export class DriverTimeOutbox {
  private readonly ledger: Collection<LedgerDoc>;
  private readonly slots: Collection<SlotView & { _id: string }>;
  private readonly jobs: Collection<JobDoc>;

  constructor(
    store: DocumentStore,
    private readonly deps: SupplyOutboxDeps,
  ) {
    this.ledger = store.collection<LedgerDoc>(DRIVER_TIME_LEDGER);
    this.slots = store.collection<SlotView & { _id: string }>(DRIVER_SLOTS);
    this.jobs = store.collection<JobDoc>(DRIVER_JOBS);
  }

  async ensureIndexes(): Promise<void> {
    // The sweep reads the flagged bookings only.
    await this.ledger.ensureIndex({ fields: { pending: 1 }, sparse: true });
    await this.ledger.ensureIndex(indexOf(DRIVER_TIME_LEDGER_QUERIES.prunable, { sparse: true }));
  }

  /** Runs a change of these bookings' time or job bracketed by the mark and the publication. */
  async around<T>(bookingIds: readonly string[], change: () => Promise<T>): Promise<T> {
    const ids = [...new Set(bookingIds)];
    await Promise.all(ids.map((id) => this.mark(id)));
    try {
      return await change();
    } finally {
      // A failure here is the sweep's: the flag stays.
      await Promise.all(ids.map((id) => this.publishOrLeave(id)));
    }
  }

  /** Before a change of the booking's time or job: flags its ledger (a stop before `publish` leaves it for the sweep). */
  async mark(bookingId: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const { matched } = await this.ledger.updateOne({ _id: bookingId }, { $inc: { v: 1 }, $set: { pending: 1 } });
      if (matched === 1) return;
      if (await insertUnique(this.ledger, { _id: bookingId, v: 1, pending: 1, published: [] })) return;
    }
  }

  /** publish, a failure logged and left to the sweep (the booking's flag stays). */
  async publishOrLeave(bookingId: string): Promise<void> {
    await this.publish(bookingId).catch((err) =>
      this.deps.logger?.warn({ err: String(err), bookingId }, 'driver time not published yet: the sweep will'),
    );
  }

  /** Publishes what changed of the booking's drivers' time since the last publication. */
  async publish(bookingId: string): Promise<number> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const led = await this.ledger.findOne({ _id: bookingId });
      const [slots, job] = await Promise.all([this.slots.find({ bookingId }), this.jobs.findOne({ _id: bookingId })]);
      const before = new Map((led?.published ?? []).map((p) => [p.driverId, p]));
      const drivers = new Set([...slots.map((s) => s.driverId), ...before.keys(), ...(job ? [job.driverId] : [])]);
      const published: Published[] = [];
      const entries: OutboxEntry[] = [];
      const now = this.deps.clock.now().getTime();
      let until = now;
      for (const driverId of [...drivers].sort()) {
        const state = timeStateOf(slots, job, driverId);
        until = Math.max(until, endOf(state));
        const json = JSON.stringify(state);
        const last = before.get(driverId);
        // Nothing held and no job, never published: nothing to say.
        if (!last && state.state === 'given-back' && state.job === null) continue;
        if (last?.state === json) {
          published.push(last);
          continue;
        }
        // From the clock (ms), a counter past it only within a millisecond: a ledger pruned and
        // made again later goes on above every revision published before it, with no record kept.
        const revision = Math.max((last?.revision ?? 0) + 1, now);
        const event = await createEvent(
          TOPICS.driverTimeChanged,
          { bookingId, driverId, revision, ...state },
          { producer: PRODUCER, clock: this.deps.clock },
        );
        entries.push(outboxEntry(TOPICS.driverTimeChanged, event, `${bookingId}:${driverId}`));
        published.push({ driverId, revision, state: json });
      }
      if (!led) {
        if (entries.length === 0) return 0;
        const ok = await insertUnique(this.ledger, {
          _id: bookingId,
          v: 1,
          published,
          outbox: entries,
          until: new Date(until).toISOString(),
        });
        if (!ok) continue;
      } else {
        const update = {
          $inc: { v: 1 },
          $set: { published, until: new Date(until).toISOString() },
          $unset: { pending: true as const },
          ...(entries.length > 0 ? { $push: { outbox: { $each: entries } } } : {}),
        };
        const { matched } = await this.ledger.updateOne({ _id: bookingId, v: led.v }, update);
        if (matched === 0) continue;
      }
      if (entries.length > 0) await this.deps.relay.kick(entries.map((e) => e.eventId));
      return entries.length;
    }
    return 0;
  }

  /** Publishes up to a page of the bookings a stopped process left flagged. */
  async sweep(limit = SWEEP_PAGE): Promise<number> {
    let published = 0;
    for (const led of await this.ledger.find({ pending: 1 }, { limit })) published += await this.publish(led._id);
    return published;
  }

  /**
   * Deletes up to a page of ledgers whose booking's time ended, and which were last published,
   * more than `horizonMs` ago, unless flagged or with events yet to relay. Safe to lose: a later
   * change of such a booking makes a new ledger whose revisions come from the clock, so above
   * every one published before; each delete is conditional on the ledger read (`v`).
   */
  async prune(horizonMs = LEDGER_HORIZON_MS, limit = PRUNE_PAGE): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - horizonMs).toISOString();
    let pruned = 0;
    for (const led of await this.ledger.find({ until: { $lt: before } }, { limit })) {
      if (led.pending || (led.outbox ?? []).length > 0) continue;
      pruned += await this.ledger.deleteOne({ _id: led._id, v: led.v });
    }
    return pruned;
  }

  /**
   * One page of the walk that gives `until` to ledgers written before it was kept (after `after` by
   * id), from the windows they last published (none held and no job: now, so pruned a horizon on);
   * `next` is where the next page starts (null: none left).
   */
  async stampPage(after: string, limit: number): Promise<{ stamped: number; next: string | null }> {
    const page = await this.ledger.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit });
    let stamped = 0;
    for (const led of page) {
      if (led.until !== undefined) continue;
      // Their revisions count from 1, far below the clock's that a new ledger starts at: the windows suffice.
      const end = Math.max(0, ...led.published.map((p) => endOf(JSON.parse(p.state) as TimeState)));
      const until = new Date(end > 0 ? end : this.deps.clock.now().getTime()).toISOString();
      stamped += (await this.ledger.updateOne({ _id: led._id, v: led.v }, { $set: { until } })).matched;
    }
    return { stamped, next: page.length < limit ? null : page.at(-1)!._id };
  }

  /**
   * At start: the holds and jobs stored before these events get their first publication, so a read
   * model fed by them can be complete. Only time that can still matter to a quote is read (slots and
   * jobs from `since` on, through their date indexes); idempotent, as `publish` says only what changed.
   */
  /**
   * One page of the backfill, paced by its caller: the slots (or jobs) after `after` by id, whose
   * bookings from `since` on with no ledger yet are published; `next` is where the next page
   * starts (null: none left). A booking met again on a later page has its ledger by then.
   */
  async backfillPage(
    of: 'slots' | 'jobs',
    since: Date,
    after: string,
    limit: number,
  ): Promise<{ published: number; next: string | null }> {
    const iso = since.toISOString();
    const bookings = new Set<string>();
    let next: string | null;
    if (of === 'slots') {
      const page = await this.slots.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit });
      for (const s of page) if (s.slotStart >= iso) bookings.add(s.bookingId);
      next = page.length < limit ? null : page.at(-1)!._id;
    } else {
      const page = await this.jobs.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit });
      for (const j of page) if (j.move.date >= iso) bookings.add(j._id);
      next = page.length < limit ? null : page.at(-1)!._id;
    }
    let published = 0;
    for (const id of [...bookings].sort()) {
      if (await this.ledger.findOne({ _id: id })) continue;
      published += await this.publish(id);
    }
    return { published, next };
  }

  async backfill(since: Date): Promise<number> {
    const iso = since.toISOString();
    const bookings = new Set<string>();
    for await (const s of this.slots.stream({ slotStart: { $gte: iso } })) bookings.add(s.bookingId);
    for await (const j of this.jobs.stream({ 'move.date': { $gte: iso } })) bookings.add(j._id);
    let published = 0;
    for (const id of [...bookings].sort()) {
      if (await this.ledger.findOne({ _id: id })) continue;
      published += await this.publish(id);
    }
    return published;
  }
}
