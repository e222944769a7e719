import { randomUUID } from 'node:crypto';
import {
  DuplicateKeyError,
  indexOf,
  insertUnique,
  type Collection,
  type DocumentStore,
  type Logger,
  type OutboxEntry,
} from '@vanhop/platform';
import { driverEmailKey, type Driver } from '@vanhop/contracts';
import type { VanhopReviews } from '@vanhop/contracts';
import type { DriverDoc, DriverRepository as DriverRepositoryPort } from '../domain/ports.js';
import type { DriverPageStore, DriverSearchField, StaffDriverRow } from '../domain/ports.js';
import {
  DRIVER_QUERIES,
  driverPageFilter,
  driverPageWindows,
  staffListKeys,
  standingPrefix,
} from './driver-page-query.js';
import { districtOf } from '@vanhop/contracts';

/**
 * A new `rev` for every write that can change what pricing reads of a driver (its card, hours,
 * documents, active flag): a random token, never a time, so the other replicas' read models find
 * the drivers written since they last looked by the tokens they do not hold (no clocks compared).
 */
export const newRev = (): string => randomUUID();

/**
 * A new rev, and the same token as the mark of a card not yet published: it rides on the write, so
 * a process that stops before DriverCardOutbox publishes the card leaves the mark for its sweep.
 */
export const revAndMark = (): { rev: string; cardUnpublished: string } => {
  const rev = newRev();
  return { rev, cardUnpublished: rev };
};

const withEmailKey = <T extends Partial<Driver>>(d: T): T & { emailKey?: string } =>
  d.email === undefined ? d : { ...d, emailKey: driverEmailKey(d.email) };
/** The e-mail key and the staff list's search keys, from the fields a write sets. */
const withKeys = <T extends Partial<Driver>>(d: T) => ({ ...withEmailKey(d), ...staffListKeys(d) });

export const DRIVERS = 'drivers';

/** The `drivers` collection: self-employed drivers with their price cards. */
export class DriverRepository implements DriverRepositoryPort, DriverPageStore {
  private readonly col: Collection<DriverDoc>;
  private readonly publishers: ((driverId: string) => Promise<void>)[] = [];

  constructor(store: DocumentStore) {
    this.col = store.collection<DriverDoc>(DRIVERS);
  }

  /**
   * Awaited after every driver write (failed ones too): publishes the driver's card (DriverCardOutbox).
   * A failure is left to its sweep, which finds the write's mark on the driver.
   */
  onWritePublish(publish: (driverId: string) => Promise<void>): void {
    this.publishers.push(publish);
  }

  private async written<T>(driverId: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      await Promise.all(this.publishers.map((p) => p(driverId).catch(() => undefined)));
    }
  }

  /**
   * The unique e-mail index, sparse so that drivers stored before it (no key yet) do not clash;
   * those get their key here. Two of them sharing an address keep working: the first keeps the
   * key, the other is logged for staff to give their own e-mail (a new e-mail is checked like any).
   */
  async ensureIndexes(logger?: Logger): Promise<void> {
    await this.col.ensureIndex({ fields: { emailKey: 1 }, unique: true, sparse: true });
    for (const d of await this.col.find({ emailKey: { $exists: false } }, { sort: { _id: 1 } })) {
      try {
        await this.written(
          d._id,
          this.col.updateOne(
            { _id: d._id, emailKey: { $exists: false } },
            { $set: { emailKey: driverEmailKey(d.email) } },
          ),
        );
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        logger?.warn({ driverId: d._id }, 'driver shares its e-mail with another driver: give it its own');
      }
    }
  }

  /** Every active driver document, photos included (pricing reads ActiveDriverCards instead). */
  listActive(): Promise<DriverDoc[]> {
    return this.col.find({ active: true }, { sort: { _id: 1 } });
  }

  findById(id: string): Promise<DriverDoc | null> {
    return this.col.findOne({ _id: id });
  }

  /** Every driver, suspended ones included (the staff list). */
  listAll(): Promise<Driver[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  /** Throws DuplicateKeyError when another driver has the e-mail. */
  insert(driver: DriverDoc): Promise<Driver> {
    return this.written(driver._id, this.col.insertOne({ ...withKeys(driver), ...revAndMark() }));
  }

  /** False when a driver with this id exists (maybe edited since, so it is left alone), or one with its e-mail. */
  async insertIfMissing(driver: DriverDoc): Promise<boolean> {
    if (await this.col.findOne({ _id: driver._id })) return false;
    // Another instance may seed the same driver at the same moment: that is fine.
    return this.written(driver._id, insertUnique(this.col, { ...withKeys(driver), ...revAndMark() }));
  }

  /**
   * Writes a change only if nobody changed the driver since `version` was read (drivers without a
   * version yet are the seeded ones: version 0). Returns the driver after the change, or null.
   * Throws DuplicateKeyError when the change gives the driver another driver's e-mail.
   */
  updateIfVersion(id: string, version: number, set: Partial<Driver>, event?: OutboxEntry): Promise<Driver | null> {
    const unchanged = version === 0 ? { $or: [{ version: 0 }, { version: { $exists: false } }] } : { version };
    const $set = { ...withKeys(set), version: version + 1, ...revAndMark() };
    return this.written(
      id,
      this.col.findOneAndUpdate({ _id: id, ...unchanged }, event ? { $set, $push: { outbox: event } } : { $set }),
    );
  }

  /**
   * VanHop's own reviews of the driver, kept unless a newer version is already there (events may
   * arrive late or twice). Not a staff edit, so `version` is left alone; a new `rev`, as the rating
   * shown on offers follows it. Read by id.
   */
  async keepVanhopReviews(id: string, reviews: VanhopReviews): Promise<boolean> {
    const older = {
      $or: [{ vanhopReviews: { $exists: false } }, { 'vanhopReviews.version': { $lt: reviews.version } }],
    };
    const { matched } = await this.written(
      id,
      this.col.updateOne({ _id: id, ...older }, { $set: { vanhopReviews: reviews, ...revAndMark() } }),
    );
    return matched > 0;
  }

  /**
   * The staff list's search keys and their indexes; drivers stored before the keys get theirs here
   * (once: later writes keep them). Not a pricing field, so `rev` is left alone.
   */
  async ensureStaffListIndexes(): Promise<void> {
    for (const q of [
      DRIVER_QUERIES.byName,
      DRIVER_QUERIES.bySurname,
      DRIVER_QUERIES.byPostcode,
      DRIVER_QUERIES.byStanding,
      DRIVER_QUERIES.byDistrict,
    ])
      await this.col.ensureIndex(indexOf(q));
    for (const d of await this.col.find({ standingKey: { $exists: false } }, { sort: { _id: 1 } }))
      await this.col.updateOne({ _id: d._id, standingKey: { $exists: false } }, { $set: staffListKeys(d) });
    // Drivers keyed before the district key: theirs from the postcode they have (none without one).
    for (const d of await this.col.find({ districtKey: { $exists: false } }, { sort: { _id: 1 } })) {
      const district = typeof d.basePostcode === 'string' ? districtOf(d.basePostcode) : null;
      if (district)
        await this.col.updateOne({ _id: d._id, districtKey: { $exists: false } }, { $set: { districtKey: district } });
    }
  }

  /**
   * One page of drivers by name after `after`: reads of the name index in windows of first letters
   * widened only while the page is not full (the embedded store sorts what a range holds before it
   * limits), each with a limit.
   */
  async pageByName(query: {
    active: boolean | null;
    after: { name: string; id: string } | null;
    limit: number;
  }): Promise<StaffDriverRow[]> {
    // A standing asked for reads its own key (standing, then name); otherwise the name key.
    const field = query.active === null ? 'nameKey' : 'standingKey';
    const prefix = query.active === null ? '' : standingPrefix(query.active);
    let docs: DriverDoc[] = [];
    for (const window of driverPageWindows(query.after?.name ?? '', prefix)) {
      docs = await this.col.find(driverPageFilter(field, window, null, query.after), {
        sort: { [field]: 1, _id: 1 },
        limit: query.limit,
      });
      if (docs.length >= query.limit) break;
    }
    return docs as StaffDriverRow[];
  }

  /** Drivers whose key starts with `prefix` (name, surname or base postcode), by name, at most `limit`. */
  async searchByPrefix(
    field: DriverSearchField,
    prefix: string,
    active: boolean | null,
    limit: number,
  ): Promise<StaffDriverRow[]> {
    const docs = await this.col.find(driverPageFilter(field, { gte: prefix, lt: `${prefix}\uffff` }, active, null), {
      sort: { nameKey: 1, _id: 1 },
      limit,
    });
    return docs as StaffDriverRow[];
  }

  /** Through the field's index: an exact key (a district), by name. */
  async searchExact(
    field: DriverSearchField,
    value: string,
    active: boolean | null,
    limit: number,
  ): Promise<StaffDriverRow[]> {
    const filter = { [field]: value, ...(active === null ? {} : { active: { $ne: !active } }) };
    return (await this.col.find(filter, { sort: { nameKey: 1, _id: 1 }, limit })) as StaffDriverRow[];
  }
}
