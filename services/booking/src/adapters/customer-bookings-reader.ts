import { customerEmailKey } from '@vanhop/contracts';
import { DuplicateKeyError, withoutOutbox, type Collection, type DocumentStore } from '@vanhop/platform';
import { BOOKINGS, type StoredBooking } from '../domain/booking-record.js';
import type { CustomerBookingsReader } from '../domain/customer-account.js';
import type { BookingDocument } from './booking-repository.js';
import { CUSTOMER_EMAIL_KEY } from './customer-email-key.js';

/** Where one-off passes over the records say they are done, so later starts read nothing. */
const MIGRATIONS = 'booking_migrations';
const BACKFILL = 'customer-email-key';
const BACKFILL_BATCH = 200;

const CODE = /^\d{1,8}$/;
const ID = /^[\w-]{1,100}$/;

/** Reads a customer's booking records by their normalised e-mail (My moves). */
export class BookingsByCustomer implements CustomerBookingsReader {
  private readonly bookings: Collection<BookingDocument>;
  private readonly migrations: Collection<{ _id: string; doneAt: string }>;

  constructor(store: DocumentStore) {
    this.bookings = store.collection<BookingDocument>(BOOKINGS);
    this.migrations = store.collection(MIGRATIONS);
  }

  /**
   * Records saved before the key existed get it, once: the pass then leaves a marker, so later
   * starts read nothing. Replicas running it together write the same value (conditional writes).
   * Returns how many records it keyed.
   */
  async backfill(now: Date): Promise<number> {
    if (await this.migrations.findOne({ _id: BACKFILL })) return 0;
    let keyed = 0;
    for (;;) {
      const batch = await this.bookings.find({ [CUSTOMER_EMAIL_KEY]: { $exists: false } }, { limit: BACKFILL_BATCH });
      if (batch.length === 0) break;
      for (const doc of batch) {
        const { matched } = await this.bookings.updateOne(
          { _id: doc._id, [CUSTOMER_EMAIL_KEY]: { $exists: false } },
          { $set: { [CUSTOMER_EMAIL_KEY]: customerEmailKey(String(doc.quote?.email ?? '')) } },
        );
        keyed += matched;
      }
    }
    try {
      await this.migrations.insertOne({ _id: BACKFILL, doneAt: now.toISOString() });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    return keyed;
  }

  /** My moves: one customer's records, newest move first. */
  ensureIndexes(): Promise<void> {
    return this.bookings.ensureIndex({ fields: { [CUSTOMER_EMAIL_KEY]: 1, 'quote.date': -1 } });
  }

  async anyFor(emailKey: string): Promise<boolean> {
    return (await this.bookings.find({ [CUSTOMER_EMAIL_KEY]: emailKey, deletedAt: null }, { limit: 1 })).length > 0;
  }

  async pageFor(emailKey: string, skip: number, limit: number): Promise<StoredBooking[]> {
    const docs = await this.bookings.find(
      { [CUSTOMER_EMAIL_KEY]: emailKey, deletedAt: null },
      { sort: { 'quote.date': -1 }, skip, limit },
    );
    return docs.map((d) => withoutOutbox(d));
  }

  async ownedBy(emailKey: string, ref: string): Promise<StoredBooking | null> {
    const by = CODE.test(ref) ? { randomNumber: Number(ref) } : ID.test(ref) ? { _id: ref } : null;
    if (!by) return null;
    const doc = withoutOutbox(await this.bookings.findOne({ ...by, deletedAt: null }));
    // Checked on the record itself too: a record is the account's only if it was made with that e-mail.
    return doc && customerEmailKey(doc.quote.email ?? '') === emailKey ? doc : null;
  }
}
