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
