import {
  insertUnique,
  queryIndex,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { DriverRatingTally } from '../domain/driver-rating-tally.js';
import type { DriverRatingTallyRepository as TallyPort } from '../domain/ports.js';

export const DRIVER_RATING_TALLIES = 'driver_rating_tallies';
const REVIEW_MIGRATIONS = 'review_migrations';
const BACKFILL_ID = 'driver-rating-tallies';

/** The tallies' reads: all by driver id (test/architecture/query-indexes). */
export const TALLY_QUERIES = {
  byDriver: queryIndex(DRIVER_RATING_TALLIES, "one driver's tally, or a few by id", '_id'),
  backfill: queryIndex(REVIEW_MIGRATIONS, 'whether the tallies were back-filled', '_id'),
} as const;

/** One tally per driver (`_id` is the driver id), each change's DriverRatingChanged parked on it. */
export class DriverRatingTallies implements TallyPort {
  readonly collectionName = DRIVER_RATING_TALLIES;
  private readonly tallies: Collection<DriverRatingTally & WithOutbox>;
  private readonly migrations: Collection<{ _id: string; at: string }>;

  constructor(store: DocumentStore) {
    this.tallies = store.collection<DriverRatingTally & WithOutbox>(DRIVER_RATING_TALLIES);
    this.migrations = store.collection<{ _id: string; at: string }>(REVIEW_MIGRATIONS);
  }

  async find(driverId: string): Promise<DriverRatingTally | null> {
    return withoutOutbox(await this.tallies.findOne({ _id: driverId }));
  }

  async createIfMissing(driverId: string, at: string): Promise<void> {
    await insertUnique(this.tallies, { _id: driverId, count: 0, sum: 0, version: 0, applied: [], updatedAt: at });
  }

  async applyIfVersion(
    tally: DriverRatingTally,
    next: { count: number; sum: number },
    changeId: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean> {
    const { matched } = await this.tallies.updateOne(
      { _id: tally._id, version: tally.version },
      {
        $set: { count: next.count, sum: next.sum, version: tally.version + 1, updatedAt: at },
        $push: { applied: changeId, outbox: event },
      },
    );
    return matched > 0;
  }

  async forget(driverId: string, changeId: string): Promise<void> {
    await this.tallies.updateOne({ _id: driverId }, { $pull: { applied: changeId } });
  }

  async forDrivers(driverIds: string[]): Promise<DriverRatingTally[]> {
    return (await this.tallies.find({ _id: { $in: driverIds } })).map((t) => withoutOutbox(t));
  }

  async backfilled(): Promise<boolean> {
    return (await this.migrations.findOne({ _id: BACKFILL_ID })) !== null;
  }

  async markBackfilled(at: string): Promise<void> {
    await insertUnique(this.migrations, { _id: BACKFILL_ID, at });
  }
}
