import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '@vanhop/contracts';
import { ConflictError, EmbeddedDocumentStore, fixedClock } from '@vanhop/platform';
import { SaveQuote, type QuotePricer } from '../src/app/save-quote.js';
import type { StoredBooking } from '../src/domain/booking-record.js';
import { bookingRequestFromQuote } from '../src/domain/quote-request.js';

const quote = {
  name: 'Jane Doe', email: 'jane@example.com', phone: '07700900123', description: 'Flat', date: '2026-01-20T10:00:00.000Z',
  totalAddress: [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 0 },
    { id: 'b', location: 'Wembley, UK', physicalAddress: '2 Low Road', stair: 2 },
  ],
  typeofVan: 'Medium', typeOfWorker: 'No-Help', totalHour: 2, totalPrice: 0.5, totalSecond: 1,
};

/** Prices everything at £100 so the test is about storage, codes and events. */
const pricer: QuotePricer = {
  async price(request) {
    return { quote: { ...(quote as unknown as Quote), totalPrice: 100 }, driver: null, totalPricePence: 10000, pricePerHalfHourPence: 2500, request };
  },
};

describe('SaveQuote', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-save-quote-'));
    store = new EmbeddedDocumentStore(dir, 0);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const useCase = (codes: number[]) => {
    const bookings = store.collection<StoredBooking>('bookings');
    return {
      bookings,
      save: new SaveQuote({ bookings, pricer, clock: fixedClock('2026-01-15T08:00:00Z'), randomInt: () => codes.shift() ?? 99 }),
    };
  };

  it('issues a new code when the random one is taken', async () => {
    const { bookings, save } = useCase([5, 5, 7]);
    await bookings.ensureIndex({ fields: { randomNumber: 1 }, unique: true });
    expect((await save.run({ quote, announce: true })).randomNumber).toBe(5);
    expect((await save.run({ quote, announce: true })).randomNumber).toBe(7);
  });

  it('keeps QuoteSaved on the record itself, and nothing when not announcing', async () => {
    const { save } = useCase([11, 12]);
    const announced = await save.run({ quote, announce: true });
    expect(announced.outbox).toHaveLength(1);
    expect(announced.outbox![0]).toMatchObject({ topic: 'quote.saved', key: announced._id, event: { data: { randomNumber: 11, totalPricePence: 10000, retrievePath: '/retrieve/11' } } });
    expect((await save.run({ quote, announce: false })).outbox).toEqual([]);
  });

  it('refuses a client code that is in use, even soft-deleted', async () => {
    const { bookings, save } = useCase([]);
    const first = await save.run({ quote, randomNumber: 42, announce: true });
    await bookings.updateOne({ _id: first._id }, { $set: { deletedAt: '2026-01-16T00:00:00.000Z' } });
    await expect(save.run({ quote, randomNumber: 42, announce: true })).rejects.toBeInstanceOf(ConflictError);
  });

  it('maps the shown quote back to booking data and drops every money field', () => {
    const { request, driverId } = bookingRequestFromQuote({ ...quote, driverId: 'drv-x' });
    expect(driverId).toBe('drv-x');
    expect(request).toEqual({
      addresses: quote.totalAddress, vanSize: 'Medium', driverHelp: 'No-Help', hour: 2, date: quote.date,
      description: 'Flat', name: 'Jane Doe', email: 'jane@example.com', phone: '07700900123',
    });
  });
});
