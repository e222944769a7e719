import { describe, expect, it } from 'vitest';
import { MSG, type Quote } from '@vanhop/contracts';
import { ConflictError, DuplicateKeyError, fixedClock } from '@vanhop/platform';
import { useTempEmbeddedStore } from '../../platform/test/temp-store.js';
import { SaveQuote } from '../src/app/save-quote.js';
import type { QuotePricer } from '../src/domain/ports.js';
import { BookingRepository, type BookingDocument } from '../src/adapters/booking-repository.js';
import { bookingRequestFromQuote } from '../src/domain/quote-request.js';

const quote = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '07700900123',
  description: 'Flat',
  date: '2026-01-20T10:00:00.000Z',
  totalAddress: [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 0 },
    { id: 'b', location: 'Wembley, UK', physicalAddress: '2 Low Road', stair: 2 },
  ],
  places: ['London NW2, UK', 'Wembley, UK'],
  typeofVan: 'Medium',
  typeOfWorker: 'No-Help',
  totalHour: 2,
  totalPrice: 100,
  totalSecond: 7200,
};

/** Prices every move at £100 (so the test is about storage, codes, events and the shown price), echoing the move it was asked for. */
const pricer: QuotePricer = {
  async price(request) {
    const addresses = request.addresses as Quote['totalAddress'];
    const priced = {
      ...(quote as unknown as Quote),
      totalAddress: addresses,
      places: addresses.map((a) => a.location),
      typeofVan: request.vanSize,
      typeOfWorker: request.driverHelp,
      totalHour: request.hour,
      totalPrice: 100,
    } as Quote;
    return { quote: priced, driver: null, totalPricePence: 10000, pricePerHalfHourPence: 2500, request };
  },
};

describe('SaveQuote', () => {
  const store = useTempEmbeddedStore('save-quote');

  const saveQuoteWith = (codes: number[]) => {
    const bookings = store().collection<BookingDocument>('bookings');
    return {
      bookings,
      save: new SaveQuote({
        bookings: new BookingRepository(store()),
        pricer,
        clock: fixedClock('2026-01-15T08:00:00Z'),
        randomInt: () => codes.shift() ?? 99,
      }),
    };
  };

  it('issues a new code when the random one is taken', async () => {
    const { bookings, save } = saveQuoteWith([5, 5, 7]);
    await bookings.ensureIndex({ fields: { randomNumber: 1 }, unique: true });
    expect((await save.execute({ quote, announce: true })).randomNumber).toBe(5);
    expect((await save.execute({ quote, announce: true })).randomNumber).toBe(7);
  });

  it('gives up after eight taken codes in a row, leaving the codes not tried for later', async () => {
    const codes = [5, ...Array(8).fill(5), 6];
    const { bookings, save } = saveQuoteWith(codes);
    await bookings.ensureIndex({ fields: { randomNumber: 1 }, unique: true });
    await save.execute({ quote, announce: true });
    await expect(save.execute({ quote, announce: true })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(codes).toEqual([6]);
    expect(await bookings.count({})).toBe(1);
  });

  it('keeps QuoteSaved on the record itself, and nothing when not announcing', async () => {
    const { bookings, save } = saveQuoteWith([11, 12]);
    const stored = async (id: string) => (await bookings.findOne({ _id: id }))!;
    const announced = await stored((await save.execute({ quote, announce: true }))._id);
    expect(announced.outbox).toHaveLength(1);
    expect(announced.outbox![0]).toMatchObject({
      topic: 'quote.saved',
      key: announced._id,
      event: { data: { randomNumber: 11, totalPricePence: 10000, retrievePath: '/retrieve/11' } },
    });
    expect((await stored((await save.execute({ quote, announce: false }))._id)).outbox).toEqual([]);
  });

  it('refuses a client code that is in use, even soft-deleted', async () => {
    const { bookings, save } = saveQuoteWith([]);
    const first = await save.execute({ quote, code: 42, announce: true });
    await bookings.updateOne({ _id: first._id }, { $set: { deletedAt: '2026-01-16T00:00:00.000Z' } });
    await expect(save.execute({ quote, code: 42, announce: true })).rejects.toBeInstanceOf(ConflictError);
  });

  it('refuses a quote whose shown price is not the price of its move, and stores nothing', async () => {
    const { bookings, save } = saveQuoteWith([21, 22, 23]);
    // A panel still showing the Large-van price after the move became a Luton.
    const stalePrice = save.execute({ quote: { ...quote, totalPrice: 86 }, announce: true });
    await expect(stalePrice).rejects.toBeInstanceOf(ConflictError);
    await expect(stalePrice).rejects.toThrow(MSG.quote.priceChanged);
    // Compared in whole pence: a penny off is another price, a value that is no number matches none.
    await expect(save.execute({ quote: { ...quote, totalPrice: 99.99 }, announce: false })).rejects.toThrow(
      MSG.quote.priceChanged,
    );
    await expect(save.execute({ quote: { ...quote, totalPrice: 'a lot' }, announce: false })).rejects.toThrow(
      MSG.quote.priceChanged,
    );
    expect(await bookings.count({})).toBe(0);
  });

  it('refuses a quote whose shown route is not the move it asks to price', async () => {
    const { bookings, save } = saveQuoteWith([31]);
    const via = { id: 'v', location: 'Croydon, UK', physicalAddress: '1 George Street', stair: 1 };
    // Croydon in the addresses, but the panel showed (and priced) the route without it.
    const shown = { ...quote, totalAddress: [quote.totalAddress[0], via, quote.totalAddress[1]] };
    await expect(save.execute({ quote: shown, announce: true })).rejects.toThrow(MSG.quote.moveChanged);
    expect(await bookings.count({})).toBe(0);
    const consistent = await save.execute({
      quote: { ...shown, places: ['London NW2, UK', 'Croydon, UK', 'Wembley, UK'] },
      announce: true,
    });
    expect(consistent.quote.places).toEqual(['London NW2, UK', 'Croydon, UK', 'Wembley, UK']);
  });

  it('prices a quote that shows no price (an older client) as before', async () => {
    const { save } = saveQuoteWith([41]);
    const { totalPrice: _shown, ...legacy } = quote;
    const saved = await save.execute({ quote: { ...legacy, totalSecond: 1 }, announce: true });
    expect(saved.quote.totalPrice).toBe(100);
    expect(saved.OutstandingBalance).toBe(100);
  });

  it('maps the shown quote back to booking data and drops every money field', () => {
    const { request, driverId } = bookingRequestFromQuote({ ...quote, driverId: 'drv-x' });
    expect(driverId).toBe('drv-x');
    expect(request).toEqual({
      addresses: quote.totalAddress,
      vanSize: 'Medium',
      driverHelp: 'No-Help',
      hour: 2,
      date: quote.date,
      description: 'Flat',
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '07700900123',
    });
  });
});
