import type { WaitingJob } from '@vanhop/contracts';
import {
  indexOf,
  insertUnique,
  queryIndex,
  type Collection,
  type Doc,
  type DocumentStore,
  type Filter,
  type Update,
} from '@vanhop/platform';
import type { BusinessFiguresStore } from '../domain/ports.js';
import { BUSINESS_DRIVERS_SHOWN } from '@vanhop/contracts';
import {
  byHoursThenId,
  DAY_COUNTERS,
  fieldKey,
  hoursInWindow,
  hoursWindow,
  type DriverHours,
  type DayCounter,
  type FigureChange,
  type StoredDay,
  type StoredDriverJobs,
} from '../domain/business-figures.js';

export const BUSINESS_DAYS_COLLECTION = 'business_days';
export const BUSINESS_DRIVERS_COLLECTION = 'business_driver_jobs';
export const BUSINESS_WAITING_COLLECTION = 'business_waiting_jobs';
export const BUSINESS_CHATS_COLLECTION = 'business_support_chats';
export const BUSINESS_BOOKINGS_COLLECTION = 'business_bookings';
export const BUSINESS_META_COLLECTION = 'business_meta';
/** The hours chart's own document in BUSINESS_META_COLLECTION: the day the drivers' hours are kept for. */
const HOURS_META_ID = 'driver-hours';

/** The figures' reads and the index each goes through (test/architecture/query-indexes). */
export const BUSINESS_QUERIES = {
  days: queryIndex(BUSINESS_DAYS_COLLECTION, 'the chart days, a range of ids (London days)', '_id'),
  booking: queryIndex(BUSINESS_BOOKINGS_COLLECTION, 'a confirmed booking by id', '_id'),
  driversWithJobs: queryIndex(BUSINESS_DRIVERS_COLLECTION, 'drivers with a job on or after a day', {
    lastMoveDay: 1,
  }),
  busiestDrivers: queryIndex(BUSINESS_DRIVERS_COLLECTION, 'the busiest drivers, most hours in the window first', {
    windowHours: -1,
  }),
  hoursMeta: queryIndex(BUSINESS_META_COLLECTION, "the day the drivers' hours are kept for", '_id'),
  waiting: queryIndex(BUSINESS_WAITING_COLLECTION, 'jobs waiting for a driver', { waiting: 1 }),
  openChats: queryIndex(BUSINESS_CHATS_COLLECTION, 'support chats waiting for staff', { awaiting: 1 }),
} as const;

/** The latest day any of a driver's jobs moves on (none: no job). */
const lastMoveDayOf = (d: StoredDriverJobs): string | null =>
  Object.values(d.jobs ?? {}).reduce<string | null>(
    (m, j) => (j && (m === null || j.moveDay > m) ? j.moveDay : m),
    null,
  );

interface DayDoc extends Doc {
  seen?: Record<string, true>;
}
interface WaitingDoc extends Doc {
  waiting: boolean;
  job?: WaitingJob;
}
/** A confirmed booking as the figures count it: the day it was confirmed and its price now. */
interface BookingDoc extends Doc {
  day: string;
  totalPricePence: number;
  cancelled: boolean;
}
/**
 * A driver's jobs with the latest day one of them moves on ('' when none), and their hours booked in
 * the chart's window starting on the day the hours meta document names (`windowHours`, indexed).
 */
type DriverJobsDoc = StoredDriverJobs & { lastMoveDay?: string; windowHours?: number };
/** The day the drivers' `windowHours` count from, and the 25th busiest's hours at the last read. */
interface HoursMetaDoc extends Doc {
  day: string;
  floor?: number;
}
interface ChatDoc extends Doc {
  awaiting: boolean;
  since: string | null;
}

/**
 * Updates one document, creating it first when it is missing (the store has no upsert): the
 * filter says whether the change is still to be made, so a document that is there but does not
 * match has it already.
 */
async function upsert<T extends Doc>(col: Collection<T>, _id: string, filter: Filter, update: Update): Promise<void> {
  if ((await col.updateOne({ _id, ...filter }, update)).matched) return;
  if (await col.findOne({ _id })) return;
  await insertUnique(col, { _id } as T);
  await col.updateOne({ _id, ...filter }, update);
}

/**
 * admin-auth's business figures in the store. A day's counters and the ids of the events counted
 * in them live on one document, so "add unless counted" is a single atomic update: an event is
 * counted once even when redelivered after a crash between the count and the consumer's mark.
 * The other changes set a state, which a second delivery sets again to the same value.
 */
export class BusinessFiguresRepository implements BusinessFiguresStore {
  private readonly dayCol: Collection<DayDoc>;
  private readonly driverCol: Collection<DriverJobsDoc>;
  private readonly waitingCol: Collection<WaitingDoc>;
  private readonly chatCol: Collection<ChatDoc>;
  private readonly bookingCol: Collection<BookingDoc>;
  private readonly metaCol: Collection<HoursMetaDoc>;

  constructor(store: DocumentStore) {
    this.dayCol = store.collection<DayDoc>(BUSINESS_DAYS_COLLECTION);
    this.driverCol = store.collection<DriverJobsDoc>(BUSINESS_DRIVERS_COLLECTION);
    this.waitingCol = store.collection<WaitingDoc>(BUSINESS_WAITING_COLLECTION);
    this.chatCol = store.collection<ChatDoc>(BUSINESS_CHATS_COLLECTION);
    this.bookingCol = store.collection<BookingDoc>(BUSINESS_BOOKINGS_COLLECTION);
    this.metaCol = store.collection<HoursMetaDoc>(BUSINESS_META_COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await this.waitingCol.ensureIndex(indexOf(BUSINESS_QUERIES.waiting));
    await this.chatCol.ensureIndex(indexOf(BUSINESS_QUERIES.openChats));
    await this.driverCol.ensureIndex(indexOf(BUSINESS_QUERIES.driversWithJobs));
    await this.driverCol.ensureIndex(indexOf(BUSINESS_QUERIES.busiestDrivers));
    // Drivers counted before the field was kept get it once.
    for (const d of await this.driverCol.find({ lastMoveDay: { $exists: false } })) await this.keepLastMoveDay(d._id);
  }

  /**
   * Sets the driver's latest move day and hours in the window from their jobs now, so the figures
   * read only the busiest drivers. Before the window's first day is known (no read yet) the hours
   * wait for the first read, which counts them.
   */
  private async keepLastMoveDay(driverId: string): Promise<void> {
    const doc = await this.driverCol.findOne({ _id: driverId });
    if (!doc) return;
    const meta = await this.metaCol.findOne({ _id: HOURS_META_ID });
    const hours = meta ? { windowHours: this.windowHoursOf(doc, meta.day) } : {};
    await this.driverCol.updateOne({ _id: driverId }, { $set: { lastMoveDay: lastMoveDayOf(doc) ?? '', ...hours } });
  }

  private windowHoursOf(doc: StoredDriverJobs, today: string): number {
    const { from, to } = hoursWindow(today);
    return hoursInWindow(doc.jobs, from, to);
  }

  /**
   * Moves the kept hours to a new London day: only drivers with hours now or a job from that day on
   * can change, so this reads those once a day (the first read of the day), never on later reads.
   */
  private async moveHoursTo(today: string): Promise<HoursMetaDoc> {
    const seen = new Set<string>();
    const docs = [
      ...(await this.driverCol.find({ lastMoveDay: { $gte: today } })),
      ...(await this.driverCol.find({ windowHours: { $gt: 0 } })),
    ];
    for (const d of docs) {
      if (seen.has(d._id)) continue;
      seen.add(d._id);
      const windowHours = this.windowHoursOf(d, today);
      if (windowHours !== d.windowHours) await this.driverCol.updateOne({ _id: d._id }, { $set: { windowHours } });
    }
    await upsert(this.metaCol, HOURS_META_ID, {}, { $set: { day: today, floor: 0 } });
    return { _id: HOURS_META_ID, day: today, floor: 0 };
  }

  /**
   * The busiest drivers: a limited read of the hours index from the hours the 25th busiest had at the
   * last read (widened downwards while the page is not full), so a read touches about 25 drivers
   * whatever the fleet; and an indexed count of the drivers with any hours.
   */
  async driverHours(today: string): Promise<DriverHours> {
    const stored = await this.metaCol.findOne({ _id: HOURS_META_ID });
    const meta = stored && stored.day === today ? stored : await this.moveHoursTo(today);
    let floor = meta.floor ?? 0;
    let docs: DriverJobsDoc[];
    for (;;) {
      docs = await this.driverCol.find(
        { windowHours: floor > 0 ? { $gte: floor } : { $gt: 0 } },
        { sort: { windowHours: -1, _id: 1 }, limit: BUSINESS_DRIVERS_SHOWN },
      );
      if (docs.length === BUSINESS_DRIVERS_SHOWN || floor === 0) break;
      floor = floor > 1 ? Math.floor(floor / 2) : 0;
    }
    const nextFloor = docs.length === BUSINESS_DRIVERS_SHOWN ? (docs.at(-1)!.windowHours ?? 0) : 0;
    if (nextFloor !== meta.floor)
      await this.metaCol.updateOne({ _id: HOURS_META_ID, day: today }, { $set: { floor: nextFloor } });
    const busiest = docs.map((d) => ({ driverId: d._id, name: d.name ?? d._id, bookedHours: d.windowHours ?? 0 }));
    return {
      busiest: busiest.sort(byHoursThenId),
      driversBooked: await this.driverCol.count({ windowHours: { $gt: 0 } }),
    };
  }

  async apply(change: FigureChange, eventId: string): Promise<void> {
    switch (change.kind) {
      case 'day':
        return this.addToDay(change.day, change.add, eventId);
      case 'bookingPlaced':
        return upsert(
          this.bookingCol,
          change.bookingId,
          { day: { $exists: false } },
          { $set: { day: change.day, totalPricePence: change.totalPricePence, cancelled: false } },
        );
      case 'bookingRepriced': {
        // The day's counter moves by the difference (once per event), then the booking's price is
        // set: a redelivery in between finds the day counted and sets the same price again.
        const booking = await this.bookingCol.findOne({ _id: change.bookingId });
        if (!booking || booking.cancelled) return;
        const delta = change.totalPricePence - booking.totalPricePence;
        if (delta !== 0) await this.addToDay(booking.day, { revenuePence: delta }, eventId);
        await this.bookingCol.updateOne(
          { _id: change.bookingId, cancelled: false },
          { $set: { totalPricePence: change.totalPricePence } },
        );
        return;
      }
      case 'bookingCancelled': {
        const booking = await this.bookingCol.findOne({ _id: change.bookingId });
        if (!booking || booking.cancelled) return;
        await this.addToDay(booking.day, { bookings: -1, revenuePence: -booking.totalPricePence }, eventId);
        await this.bookingCol.updateOne({ _id: change.bookingId, cancelled: false }, { $set: { cancelled: true } });
        return;
      }
      case 'driverJob': {
        const job = `jobs.${fieldKey(change.bookingId)}`;
        const update: Update = change.job
          ? { $set: { [job]: change.job, ...(change.driverName ? { name: change.driverName } : {}) } }
          : { $unset: { [job]: true } };
        await upsert(this.driverCol, change.driverId, {}, update);
        return this.keepLastMoveDay(change.driverId);
      }
      case 'waitingJob':
        return upsert(
          this.waitingCol,
          change.bookingId,
          {},
          change.waiting
            ? { $set: { waiting: true, job: change.waiting } }
            : { $set: { waiting: false }, $unset: { job: true } },
        );
      case 'supportChat':
        // Waiting since the customer's oldest unanswered message: a second one does not move it.
        if (change.awaitingSince)
          return upsert(
            this.chatCol,
            change.conversationId,
            { awaiting: { $ne: true } },
            { $set: { awaiting: true, since: change.awaitingSince } },
          );
        return upsert(this.chatCol, change.conversationId, {}, { $set: { awaiting: false, since: null } });
    }
  }

  /** Adds to a day's counters unless this event was already counted on that day (one atomic update). */
  private addToDay(day: string, add: Partial<Record<DayCounter, number>>, eventId: string): Promise<void> {
    const seen = `seen.${fieldKey(eventId)}`;
    const inc: Record<string, number> = {};
    for (const k of DAY_COUNTERS) if (add[k]) inc[k] = add[k]!;
    return upsert(this.dayCol, day, { [seen]: { $exists: false } }, { $inc: inc, $set: { [seen]: true } });
  }

  async days(from: string, to: string): Promise<StoredDay[]> {
    const docs = await this.dayCol.find({ _id: { $gte: from, $lte: to } });
    return docs.map(({ seen: _seen, ...counters }) => counters as StoredDay);
  }

  /** Drivers with a job moving on or after `from`: the only ones with hours booked in the window. */
  async drivers(from: string): Promise<StoredDriverJobs[]> {
    const docs = await this.driverCol.find({ lastMoveDay: { $gte: from } });
    return docs.map(({ lastMoveDay: _l, ...d }) => d);
  }

  async waitingJobs(): Promise<WaitingJob[]> {
    return (await this.waitingCol.find({ waiting: true })).flatMap((d) => (d.job ? [d.job] : []));
  }

  openSupportChats(): Promise<number> {
    return this.chatCol.count({ awaiting: true });
  }
}
