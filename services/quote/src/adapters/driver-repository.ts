import { insertUnique, type Collection, type DocumentStore, type OutboxEntry, type WithOutbox } from '@vanhop/platform';
import type { Driver } from '../domain/driver.js';

/** A stored driver: DriverUpdated events ride in its outbox until the relay publishes them. */
export type DriverDoc = Driver & WithOutbox;

export const DRIVERS = 'drivers';

/** The `drivers` collection: self-employed drivers with their price cards. */
export class DriverRepository {
  private readonly col: Collection<DriverDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<DriverDoc>(DRIVERS);
  }

  listActive(): Promise<Driver[]> {
    return this.col.find({ active: true }, { sort: { _id: 1 } });
  }

  findById(id: string): Promise<Driver | null> {
    return this.col.findOne({ _id: id });
  }

  /** Every driver, suspended ones included (the staff list). */
  listAll(): Promise<Driver[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  insert(driver: DriverDoc): Promise<Driver> {
    return this.col.insertOne(driver);
  }

  /** False when a driver with this id exists (maybe edited since, so it is left alone). */
  async insertIfMissing(driver: DriverDoc): Promise<boolean> {
    if (await this.col.findOne({ _id: driver._id })) return false;
    // Another instance may seed the same driver at the same moment: that is fine.
    return insertUnique(this.col, driver);
  }

  /**
   * Writes a change only if nobody changed the driver since `version` was read (drivers without a
   * version yet are the seeded ones: version 0). Returns the driver after the change, or null.
   */
  updateIfVersion(id: string, version: number, set: Partial<Driver>, event?: OutboxEntry): Promise<Driver | null> {
    const unchanged = version === 0 ? { $or: [{ version: 0 }, { version: { $exists: false } }] } : { version };
    const $set = { ...set, version: version + 1 };
    return this.col.findOneAndUpdate({ _id: id, ...unchanged }, event ? { $set, $push: { outbox: event } } : { $set });
  }
}
