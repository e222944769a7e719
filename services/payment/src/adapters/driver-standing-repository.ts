import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';
import type { DriverStandingRecord, DriverStandingStore } from '../domain/driver-standing.js';

type StandingDocument = { _id: string; version: number; active: boolean };

/** One document per driver, written only forward in the driver's version (redeliveries and late events change nothing). */
export class DriverStandingRepository implements DriverStandingStore {
  private readonly standing: Collection<StandingDocument>;

  constructor(store: DocumentStore) {
    this.standing = store.collection<StandingDocument>('driver_standing');
  }

  async follow({ driverId, version, active }: DriverStandingRecord): Promise<void> {
    if (await insertUnique(this.standing, { _id: driverId, version, active })) return;
    await this.standing.updateOne({ _id: driverId, version: { $lt: version } }, { $set: { version, active } });
  }

  async find(driverId: string): Promise<DriverStandingRecord | null> {
    const doc = await this.standing.findOne({ _id: driverId });
    return doc ? { driverId, version: doc.version, active: doc.active } : null;
  }
}
