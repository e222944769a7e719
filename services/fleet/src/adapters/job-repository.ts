import {
  indexOf,
  insertUnique,
  queryIndex,
  type Collection,
  type DocumentStore,
  type Filter,
  type OutboxEntry,
} from '@vanhop/platform';
import type { JobDoc, JobRepository as JobRepositoryPort, OfferRead } from '../domain/ports.js';
import type { NeighbourJob } from '@vanhop/contracts';
import type { TimeChanges } from './driver-slots.js';

export const DRIVER_JOBS = 'driver_jobs';

/** The staff reads of jobs and the index each goes through (test/architecture/query-indexes). */
export const JOB_QUERIES = {
  returnedPage: queryIndex(DRIVER_JOBS, 'a page of the jobs back with the office, soonest move first', {
    status: 1,
    'move.date': 1,
  }),
  byDriverAndDate: queryIndex(DRIVER_JOBS, "a driver's own jobs around today, by move date", {
    driverId: 1,
    'move.date': 1,
  }),
  postponedOfDriver: queryIndex(DRIVER_JOBS, "a driver's postponed jobs, whatever their old date", {
    driverId: 1,
    bookingState: 1,
  }),
} as const;

/** The `driver_jobs` collection. */
/** Up to this many drivers, neighboursNear reads by driver (the driverId index) rather than by date. */
const FEW_DRIVERS = 32;

export class JobRepository implements JobRepositoryPort {
  private readonly col: Collection<JobDoc>;

  /** Told of every write that can move a job's driver, time or places (DriverTimeOutbox publishes driver-time.changed). */
  private time: TimeChanges | null = null;

  constructor(store: DocumentStore) {
    this.col = store.collection<JobDoc>(DRIVER_JOBS);
  }

  /** Every job write that can change its driver, time, places or standing is bracketed by `time`'s mark and publication. */
  publishTimeWith(time: TimeChanges): void {
    this.time = time;
  }

  private changing<T>(bookingId: string, write: () => Promise<T>): Promise<T> {
    return this.time ? this.time.around([bookingId], write) : write();
  }

  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { driverId: 1 } });
    await this.col.ensureIndex({ fields: { status: 1, respondBy: 1 } });
    // Pricing reads the jobs around a move's date (neighboursNear).
    await this.col.ensureIndex({ fields: { 'move.date': 1 } });
    // The office's alert looks for unaccepted jobs by status and how soon they start.
    await this.col.ensureIndex({ fields: { status: 1, 'move.date': 1 } });
    await this.col.ensureIndex(indexOf(JOB_QUERIES.returnedPage));
    await this.col.ensureIndex(indexOf(JOB_QUERIES.byDriverAndDate));
    await this.col.ensureIndex(indexOf(JOB_QUERIES.postponedOfDriver));
  }

  /**
   * Jobs back with the office (bookings not cancelled) after the job a page ended on, soonest move
   * first, ties by id: one limited read of the status and move-date index.
   */
  returnedPage(after: { date: string; id: string } | null, limit: number): Promise<JobDoc[]> {
    const filter: Filter = { status: 'returned-to-staff', bookingState: { $ne: 'cancelled' } };
    if (after) filter.$or = [{ 'move.date': { $gt: after.date } }, { 'move.date': after.date, _id: { $gt: after.id } }];
    return this.col.find(filter, { sort: { 'move.date': 1, _id: 1 }, limit });
  }

  /** False when the booking already has its job. */
  insert(job: JobDoc): Promise<boolean> {
    return this.changing(job._id, () => insertUnique(this.col, job));
  }

  findById(bookingId: string): Promise<JobDoc | null> {
    return this.col.findOne({ _id: bookingId });
  }

  forDriverFrom(driverId: string, from: string, to?: string): Promise<JobDoc[]> {
    const date = to === undefined ? { $gte: from } : { $gte: from, $lt: to };
    return this.col.find({ driverId, 'move.date': date }, { sort: { 'move.date': 1 } });
  }

  forDriverBefore(driverId: string, before: string, limit: number): Promise<JobDoc[]> {
    return this.col.find({ driverId, 'move.date': { $lt: before } }, { sort: { 'move.date': -1 }, limit });
  }

  /** The driver's jobs on postponed bookings (frozen until the customer picks a new date), whatever their old date. */
  postponedOf(driverId: string): Promise<JobDoc[]> {
    return this.col.find({ driverId, bookingState: 'postponed' });
  }

  /**
   * The driver's jobs that keep their time (for the drive between jobs) whose move starts within
   * [from, to) (the ISO dates compared as stored, so callers leave a day to spare): a live booking
   * still naming them, accepted, waiting for their answer or back with the office (whose time stays
   * theirs until reassigned). Cancelled and postponed bookings gave their time back.
   */
  async neighboursOf(driverId: string, from: Date, to: Date): Promise<NeighbourJob[]> {
    return keepingTime(await this.forDriverFrom(driverId, from.toISOString(), to.toISOString()));
  }

  /**
   * The same for several drivers at once (null: every driver), only the jobs whose move starts within [from, to) (the
   * ISO dates compared as stored, so callers leave a day to spare): pricing reads the drivers'
   * neighbours in one query, without their past jobs. The query is on the date alone, so the store
   * answers from the date index; the drivers are picked out here.
   */
  async neighboursNear(
    driverIds: readonly string[] | null,
    from: Date,
    to: Date,
  ): Promise<Map<string, NeighbourJob[]>> {
    const byDriver = new Map<string, NeighbourJob[]>();
    if (driverIds?.length === 0) return byDriver;
    const dates = { $gte: from.toISOString(), $lt: to.toISOString() };
    // A few drivers (the flexible dates' cheapest, over two weeks) are read by driver; many, or
    // everyone, by date.
    const wanted = driverIds ? new Set(driverIds) : null;
    const jobs =
      driverIds && driverIds.length <= FEW_DRIVERS
        ? await this.col.find({ driverId: { $in: [...driverIds] }, 'move.date': dates })
        : (await this.col.find({ 'move.date': dates })).filter((j) => !wanted || wanted.has(j.driverId));
    const owner = new Map(jobs.map((j) => [j._id, j.driverId]));
    for (const n of keepingTime(jobs)) {
      const id = owner.get(n.bookingId)!;
      byDriver.set(id, [...(byDriver.get(id) ?? []), n]);
    }
    return byDriver;
  }

  byStatus(status: JobDoc['status']): Promise<JobDoc[]> {
    return this.col.find({ status });
  }

  /** The booking changed (cancelled, postponed, re-dated, amended, reassigned): the job follows, whatever its status. */
  async follow(bookingId: string, set: Partial<JobDoc>, event?: OutboxEntry): Promise<boolean> {
    const update = event ? { $set: set, $push: { outbox: event } } : { $set: set };
    return this.changing(bookingId, async () => (await this.col.updateOne({ _id: bookingId }, update)).modified === 1);
  }

  /**
   * Gives a job to another driver, only while it is still in `from` (back with the office, an offer
   * being declined or lapsing, or a suspended driver's job) under the driver read; with `offer`,
   * only while it is still that very offer (see settleOffer).
   */
  async reassign(
    bookingId: string,
    fromDriverId: string,
    from: JobDoc['status'],
    set: Partial<JobDoc>,
    events: OutboxEntry[],
    offer?: OfferRead,
  ): Promise<boolean> {
    const filter = {
      _id: bookingId,
      status: from,
      driverId: fromDriverId,
      ...(offer ? { respondBy: offer.respondBy, offeredAt: offer.offeredAt } : {}),
    };
    return this.changing(
      bookingId,
      async () =>
        (await this.col.updateOne(filter, { $set: set, $push: { outbox: { $each: events } } })).modified === 1,
    );
  }

  /**
   * Answers an offer (accepted, declined, lapsed) only while the job is still the offer read: the
   * same driver, offered at the same time with the same deadline. The status alone is not enough: a
   * replica's sweep that read the offer before another replica handed it on would otherwise lapse
   * the next driver's fresh offer, and a late answer would take another driver's offer.
   */
  async settleOffer(bookingId: string, offer: OfferRead, set: Partial<JobDoc>, event: OutboxEntry): Promise<boolean> {
    const filter = {
      _id: bookingId,
      status: 'offered',
      driverId: offer.driverId,
      respondBy: offer.respondBy,
      offeredAt: offer.offeredAt,
    };
    return this.changing(
      bookingId,
      async () => (await this.col.updateOne(filter, { $set: set, $push: { outbox: event } })).modified === 1,
    );
  }

  /**
   * Takes a job from its driver (suspended) only while it is still theirs and in the status read: a
   * decline, an expiry or a reassignment meanwhile wins, and the job is not returned twice.
   */
  async takeFromDriver(
    bookingId: string,
    driverId: string,
    from: JobDoc['status'],
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean> {
    return this.changing(
      bookingId,
      async () =>
        (await this.col.updateOne({ _id: bookingId, driverId, status: from }, { $set: set, $push: { outbox: event } }))
          .modified === 1,
    );
  }

  /** Changes a job only if it is still in the status read: a response and the sweep cannot both win. */
  async transition(
    bookingId: string,
    from: JobDoc['status'],
    set: Partial<JobDoc>,
    event?: OutboxEntry,
  ): Promise<boolean> {
    const update = event ? { $set: set, $push: { outbox: event } } : { $set: set };
    return this.changing(
      bookingId,
      async () => (await this.col.updateOne({ _id: bookingId, status: from }, update)).modified === 1,
    );
  }

  /** Accepted jobs whose move has not started yet (the day-before reminder looks among them). */
  acceptedUpcoming(nowIso: string): Promise<JobDoc[]> {
    return this.col.find({ status: 'accepted', 'move.date': { $gt: nowIso } });
  }

  unacceptedStartingBetween(fromIso: string, toIso: string): Promise<JobDoc[]> {
    return this.col.find({
      status: { $in: ['offered', 'returned-to-staff'] },
      'move.date': { $gt: fromIso, $lte: toIso },
    });
  }

  async claimUnconfirmedAlert(
    bookingId: string,
    moveDate: string,
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean> {
    const filter = {
      _id: bookingId,
      status: { $in: ['offered', 'returned-to-staff'] },
      'move.date': moveDate,
      unconfirmedAlertFor: { $ne: moveDate },
      $or: [{ bookingState: 'active' }, { bookingState: { $exists: false } }],
    };
    return (await this.col.updateOne(filter, { $set: set, $push: { outbox: event } })).modified === 1;
  }

  async claimConflictAlert(
    bookingId: string,
    driverId: string,
    key: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean> {
    const field = `conflictAlerts.${key}`;
    const filter = {
      _id: bookingId,
      driverId,
      status: { $in: ['offered', 'accepted'] },
      [field]: { $exists: false },
    };
    return (await this.col.updateOne(filter, { $set: { [field]: at }, $push: { outbox: event } })).modified === 1;
  }

  /**
   * Marks a step of the move day only while the job is still its driver's, accepted, on a live
   * booking and at the step read: a double tap or two devices cannot both mark it.
   */
  async advanceProgress(
    bookingId: string,
    driverId: string,
    from: JobDoc['progress'] | null,
    set: Partial<JobDoc>,
    event: OutboxEntry,
  ): Promise<boolean> {
    const filter = {
      _id: bookingId,
      driverId,
      status: 'accepted',
      $and: [
        { $or: [{ bookingState: 'active' }, { bookingState: { $exists: false } }] },
        from ? { progress: from } : { $or: [{ progress: null }, { progress: { $exists: false } }] },
      ],
    };
    return (await this.col.updateOne(filter, { $set: set, $push: { outbox: event } })).modified === 1;
  }

  /** Claims the day-before reminder of the move date read, once: the reminder's event rides on the claim. */
  async claimReminder(bookingId: string, moveDate: string, set: Partial<JobDoc>, event: OutboxEntry): Promise<boolean> {
    const filter = {
      _id: bookingId,
      status: 'accepted',
      'move.date': moveDate,
      remindedFor: { $ne: moveDate },
      $or: [{ bookingState: 'active' }, { bookingState: { $exists: false } }],
    };
    return (await this.col.updateOne(filter, { $set: set, $push: { outbox: event } })).modified === 1;
  }
}

/** The jobs that keep their driver's time, as the neighbours of a new move. */
const keepingTime = (jobs: JobDoc[]): NeighbourJob[] =>
  jobs
    .filter((j) => (j.bookingState ?? 'active') === 'active' && j.move.addresses.length > 0)
    .map((j) => {
      const start = new Date(j.move.date);
      return {
        bookingId: j._id,
        window: { start, end: new Date(start.getTime() + j.move.totalHour * 3_600_000) },
        pickup: j.move.addresses[0]!.location,
        dropoff: j.move.addresses.at(-1)!.location,
      };
    })
    .filter((j) => !Number.isNaN(j.window.start.getTime()));
