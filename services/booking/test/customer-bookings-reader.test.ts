import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '@vanhop/contracts';
import { EmbeddedDocumentStore } from '@vanhop/platform';
import { unpaidBookingRecord } from '../../../test/support/booking-fixtures.js';
import { BookingsByCustomer } from '../src/adapters/customer-bookings-reader.js';
import { BookingRepository } from '../src/adapters/booking-repository.js';
import type { StoredBooking } from '../src/domain/booking-record.js';

const NOW = new Date('2026-03-01T12:00:00Z');

const record = (id: string, code: number, email: string, moveDate: string): BookingRecord => {
  const base = unpaidBookingRecord({ _id: id, randomNumber: code });
  return { ...base, quote: { ...base.quote, email, date: moveDate } };
};

describe('a customer’s records by their normalised e-mail', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let reader: BookingsByCustomer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-booking-customer-'));
    store = new EmbeddedDocumentStore(dir);
    reader = new BookingsByCustomer(store);
    await reader.ensureIndexes();
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keys new records as they are stored, and older records once at start (a second pass reads nothing)', async () => {
    // Saved before the key existed: written straight to the collection, as an older release did.
    const older = store.collection<BookingRecord>('bookings');
    await older.insertOne(record('old-1', 101, ' Casey@Example.com', '2026-04-01T09:00:00Z'));
    await older.insertOne(record('old-2', 102, 'someone@example.com', '2026-04-02T09:00:00Z'));
    await new BookingRepository(store).insert(
      record('new-1', 103, 'casey@example.com', '2026-05-01T09:00:00Z') as StoredBooking,
      [],
    );
    expect((await reader.pageFor('casey@example.com', 0, 10)).map((r) => r._id)).toEqual(['new-1']);

    expect(await reader.backfill(NOW)).toBe(2);
    expect((await reader.pageFor('casey@example.com', 0, 10)).map((r) => r._id)).toEqual(['new-1', 'old-1']);
    expect(await reader.anyFor('someone@example.com')).toBe(true);
    expect(await reader.anyFor('casey+x@example.com')).toBe(false);

    await older.insertOne(record('late', 104, 'casey@example.com', '2026-06-01T09:00:00Z'));
    expect(await reader.backfill(NOW)).toBe(0);
  });

  it('opens a record by id or code only for the address it was made with', async () => {
    expect((await reader.ownedBy('casey@example.com', '101'))?._id).toBe('old-1');
    expect((await reader.ownedBy('casey@example.com', 'old-1'))?._id).toBe('old-1');
    expect(await reader.ownedBy('casey@example.com', '102')).toBeNull();
    expect(await reader.ownedBy('casey@example.com', 'old-2')).toBeNull();
    expect(await reader.ownedBy('casey@example.com', '{"$gt":""}')).toBeNull();
  });
});
