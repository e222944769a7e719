import { customerEmailKey } from '@vanhop/contracts';
import { withoutOutbox, type Collection, type DocumentStore } from '@vanhop/platform';
import { BOOKINGS, type StoredBooking } from '../domain/booking-record.js';
import type { CustomerBookingsReader } from '../domain/customer-account.js';
import type { BookingDocument } from './booking-repository.js';

/** The field booking records carry their customer's normalised e-mail in (set when a record is stored). */
export const CUSTOMER_EMAIL_KEY = 'customerEmailKey';

const CODE = /^\d{1,8}$/;
const ID = /^[\w-]{1,100}$/;

/** Reads a customer's booking records by their normalised e-mail (My moves). */
export class BookingsByCustomer implements CustomerBookingsReader {
  private readonly bookings: Collection<BookingDocument>;

  constructor(store: DocumentStore) {
    this.bookings = store.collection<BookingDocument>(BOOKINGS);
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

/** The key a record is stored with, so My moves finds it by an indexed query. */
export const withCustomerEmailKey = <T extends { quote: { email?: string } }>(
  record: T,
): T & { customerEmailKey: string } => ({
  ...record,
  customerEmailKey: customerEmailKey(record.quote.email ?? ''),
});
