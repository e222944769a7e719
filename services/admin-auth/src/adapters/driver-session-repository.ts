import type { Collection, DocumentStore } from '@vanhop/platform';
import {
  DRIVER_SESSIONS,
  type DriverSession,
  type DriverSessionEnd,
  type DriverSessionStore,
} from '../domain/driver-session.js';

/** The `driver_sessions` collection: one document per signed-in device. */
export class DriverSessionRepository implements DriverSessionStore {
  private readonly col: Collection<DriverSession>;

  constructor(store: DocumentStore) {
    this.col = store.collection<DriverSession>(DRIVER_SESSIONS);
  }

  /** A driver's sessions are found by driver (revoking them all, counting them for the office). */
  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { driverId: 1 } });
  }

  async insert(session: DriverSession): Promise<void> {
    await this.col.insertOne(session);
  }

  findById(id: string): Promise<DriverSession | null> {
    return this.col.findOne({ _id: id });
  }

  /** Replaces the secret's hash, only while the session is live and still holds `fromHash` (one of two racing refreshes wins). */
  async rotate(id: string, fromHash: string, toHash: string, at: string, expiresAt: string): Promise<boolean> {
    const { matched } = await this.col.updateOne(
      { _id: id, tokenHash: fromHash, revokedAt: null },
      { $set: { tokenHash: toHash, previousHash: fromHash, rotatedAt: at, lastUsedAt: at, expiresAt } },
    );
    return matched === 1;
  }

  async revoke(id: string, because: DriverSessionEnd, at: string): Promise<boolean> {
    const { matched } = await this.col.updateOne(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: at, revokedBecause: because } },
    );
    return matched === 1;
  }

  /** Ends every live session of the driver; how many were live. */
  async revokeAll(driverId: string, because: DriverSessionEnd, at: string): Promise<number> {
    let ended = 0;
    for (const s of await this.col.find({ driverId, revokedAt: null }))
      if (await this.revoke(s._id, because, at)) ended++;
    return ended;
  }
}
