import type { DocumentStore, Collection } from '@vanhop/platform';
import { DuplicateKeyError } from '@vanhop/platform';
import type { Driver } from '../domain/driver.js';

export const DRIVERS = 'drivers';

/** The `drivers` collection: self-employed drivers with their price cards. */
export class DriverRepository {
  private readonly col: Collection<Driver>;

  constructor(store: DocumentStore) {
    this.col = store.collection<Driver>(DRIVERS);
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

  insert(driver: Driver): Promise<Driver> {
    return this.col.insertOne(driver);
  }

  /**
   * Writes a change only if nobody changed the driver since `version` was read (drivers without a
   * version yet are the seeded ones: version 0). Returns the driver after the change, or null.
   */
  updateIfVersion(id: string, version: number, set: Partial<Driver>): Promise<Driver | null> {
    const unchanged = version === 0 ? { $or: [{ version: 0 }, { version: { $exists: false } }] } : { version };
    return this.col.findOneAndUpdate({ _id: id, ...unchanged }, { $set: { ...set, version: version + 1 } });
  }

  /** Inserts the drivers that are missing; existing ones (maybe edited since) are left alone. */
  async seed(drivers: Driver[]): Promise<number> {
    let added = 0;
    for (const d of drivers) {
      if (await this.col.findOne({ _id: d._id })) continue;
      try {
        await this.col.insertOne(d);
        added++;
      } catch (err) {
        // Another instance seeded the same driver at the same moment: that is fine.
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    }
    return added;
  }
}
