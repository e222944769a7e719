import { DuplicateKeyError, type Collection, type DocumentStore } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';

/** Shared with the other one-off passes over the records (customer-bookings-reader.ts). */
const MIGRATIONS = 'booking_migrations';
const DONE = 'search-keys';

/**
 * Records saved before the staff search read keys get them (BookingRepository.keyUnkeyedRecords, a
 * batch at a time), once: the pass then leaves a marker, so later starts read nothing. Every write
 * since keys what it saves, and replicas running the pass together write the same keys.
 */
export class SearchKeysBackfill {
  private readonly migrations: Collection<{ _id: string; doneAt: string }>;

  constructor(
    store: DocumentStore,
    private readonly bookings: Pick<BookingRepository, 'keyUnkeyedRecords'>,
  ) {
    this.migrations = store.collection(MIGRATIONS);
  }

  /** How many records it keyed (0 when an earlier start did it). */
  async run(now: Date): Promise<number> {
    if (await this.migrations.findOne({ _id: DONE })) return 0;
    const keyed = await this.bookings.keyUnkeyedRecords();
    try {
      await this.migrations.insertOne({ _id: DONE, doneAt: now.toISOString() });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    return keyed;
  }
}
