import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SEARCH_LIMIT } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { bookingRecord, startBooking, type TestBooking } from './admin-support.js';
import { driverAuth } from '../../../test/support/staff.js';
import { searchTerms } from '../src/app/search-bookings.js';
import { BookingRepository } from '../src/adapters/booking-repository.js';

const quoteOf = (who: { name: string; email: string; phone: string }, date = '2026-12-01T10:00:00.000Z') => ({
  ...bookingRecord().quote,
  ...who,
  date,
});

/** The staff search over booking records, server-side and bounded. */
describe('GET /api/backdata/search', () => {
  let svc: TestBooking;
  const codes = (body: { results: { randomNumber: number }[] }) =>
    body.results.map((r) => r.randomNumber).sort((a, b) => a - b);

  beforeAll(async () => {
    svc = await startBooking();
    const records = [
      bookingRecord({
        randomNumber: 5551,
        quote: quoteOf({ name: 'Jane Doe', email: 'jane.doe@example.com', phone: '07700 900123' }),
      }),
      bookingRecord({
        randomNumber: 5552,
        paymentStatus: '30percentage',
        percentage: 30,
        quote: quoteOf({ name: 'JANE Smith', email: 'js@example.org', phone: '+44 7700 900999' }),
        history: [{ at: '2026-11-20T10:00:00.000Z', kind: 'saved', text: 'Quote saved' }],
      }),
      bookingRecord({
        randomNumber: 5553,
        quote: quoteOf({ name: 'Bob Brown', email: 'bob@brown.example', phone: '07700900777' }),
      }),
      bookingRecord({
        randomNumber: 5554,
        deletedAt: '2026-11-21T09:00:00.000Z',
        quote: quoteOf({ name: 'Jane Deleted', email: 'gone@example.com', phone: '07700900123' }),
      }),
      bookingRecord({
        randomNumber: 5561,
        driver: { id: 'drv-9', name: 'Zara Wheels', email: 'zara@example.com', phone: '07700900111' },
        quote: {
          ...quoteOf({ name: 'Pat Place', email: 'pat@example.com', phone: '07700900555' }),
          places: ['London SW19, UK', 'London N1, UK'],
          totalAddress: [
            { id: 'a', location: 'London SW19, UK', physicalAddress: '3 Wimbledon Hill Road, SW19 7NB', stair: 0 },
            { id: 'b', location: 'London N1, UK', physicalAddress: '8 Upper Street', stair: 0 },
          ],
        },
      }),
      ...Array.from({ length: BOOKING_SEARCH_LIMIT + 3 }, (_, i) =>
        bookingRecord({
          randomNumber: 7000 + i,
          quote: quoteOf({ name: `Many Mover ${i}`, email: `many${i}@example.com`, phone: '02079460000' }),
        }),
      ),
    ];
    // Stored as records saved before the search keys existed: the start's pass keys them.
    for (const r of records) await svc.bookings().insertOne(r);
    await new BookingRepository(svc.service.infra.store).keyUnkeyedRecords(7);
  });
  afterAll(() => svc.stop());

  const search = (q: string, headers: Record<string, string> = svc.staff) =>
    svc.request('GET', `/api/backdata/search?q=${encodeURIComponent(q)}`, headers);

  it('finds by retrieve code, name and e-mail ignoring case; never a deleted record', async () => {
    expect(codes((await search('5553')).body)).toEqual([5553]);
    expect(codes((await search('jane')).body)).toEqual([5551, 5552]);
    expect(codes((await search('  BROWN.example ')).body)).toEqual([5553]);
    expect(codes((await search('nobody-here')).body)).toEqual([]);
  });

  it('finds a booking by its driver’s name and by a postcode or district of any address', async () => {
    expect(codes((await search('zara wheels')).body)).toEqual([5561]);
    expect(codes((await search('SW19')).body)).toEqual([5561]);
    expect(codes((await search('sw197nb')).body)).toEqual([5561]);
    expect(codes((await search('SW19 7NB')).body)).toEqual([5561]);
    // A district is a whole word: SW1 is not SW19.
    expect(codes((await search('SW1')).body)).toEqual([]);
  });

  it('finds a phone whatever the spaces on either side', async () => {
    expect(codes((await search('07700900123')).body)).toEqual([5551]);
    expect(codes((await search('7700 900 999')).body)).toEqual([5552]);
  });

  it('answers admin records (history included, no internals) and at most the limit, saying there are more', async () => {
    const one = (await search('5552')).body.results[0];
    expect(one).toMatchObject({
      randomNumber: 5552,
      state: 'active',
      history: [{ kind: 'saved', text: 'Quote saved' }],
      driverAcceptedAt: null,
    });
    expect(one).not.toHaveProperty('outbox');
    expect(one).not.toHaveProperty('request');
    const many = (await search('many mover')).body;
    expect(many.results).toHaveLength(BOOKING_SEARCH_LIMIT);
    expect(many.truncated).toBe(true);
  });

  it('a regex or operator in the query is plain text', async () => {
    expect((await search('.*')).body.results).toEqual([]);
    expect((await search('(a')).status).toBe(200);
    expect((await svc.request('GET', '/api/backdata/search?q[$ne]=x', svc.staff)).status).toBe(400);
  });

  it('refuses a missing, short or long query naming q, and callers without a staff token', async () => {
    for (const bad of [
      '/api/backdata/search',
      '/api/backdata/search?q=a',
      `/api/backdata/search?q=${'x'.repeat(101)}`,
      '/api/backdata/search?q=ab&q=cd',
    ]) {
      const res = await svc.request('GET', bad, svc.staff);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toHaveProperty('q');
    }
    expect((await search('jane', {})).status).toBe(401);
    expect((await search('jane', driverAuth('drv-1'))).status).toBe(401);
  });

  it('reads a query as a code only when it is one, and phone digits only when there are enough', () => {
    expect(searchTerms('1234').code).toBe(1234);
    expect(searchTerms('jane').code).toBeNull();
    expect(searchTerms('jane').prefixes).toEqual(['t:jane']);
    expect(searchTerms('0770 0900').prefixes).toContain('p:07700900');
  });
});

describe('GET /api/backdata/search by a place many moves share', () => {
  const TODAY = Date.parse('2026-06-10T09:00:00.000Z');
  let svc: TestBooking;
  const at = (days: number) => new Date(TODAY + days * 86_400_000).toISOString();
  const inE17 = (code: number, moveDate: string) =>
    bookingRecord({
      randomNumber: code,
      quote: {
        ...quoteOf({ name: `Walthamstow ${code}`, email: `walt-${code}@example.com`, phone: '02080000000' }, moveDate),
        places: ['London E17, UK', 'London N1, UK'],
      },
    });

  beforeAll(async () => {
    svc = await startBooking(fixedClock(new Date(TODAY)));
    const records = [
      // Within three days of today: more than a page.
      ...Array.from({ length: BOOKING_SEARCH_LIMIT + 2 }, (_, i) => inE17(8000 + i, at((i % 7) - 3))),
      // Two years ahead: the newest moves, but far from today.
      ...Array.from({ length: 5 }, (_, i) => inE17(8100 + i, at(730 + i))),
      // A district with two moves, a year ago.
      bookingRecord({
        randomNumber: 8200,
        quote: {
          ...quoteOf({ name: 'Old One', email: 'o1@example.com', phone: '02080000001' }, at(-365)),
          places: ['London SE25, UK'],
        },
      }),
      bookingRecord({
        randomNumber: 8201,
        quote: {
          ...quoteOf({ name: 'Old Two', email: 'o2@example.com', phone: '02080000002' }, at(-380)),
          places: ['London SE25, UK'],
        },
      }),
    ];
    for (const r of records) await svc.bookings().insertOne(r);
    await new BookingRepository(svc.service.infra.store).keyUnkeyedRecords();
  });
  afterAll(() => svc.stop());

  const search = async (q: string) =>
    (await svc.request('GET', `/api/backdata/search?q=${encodeURIComponent(q)}`, svc.staff)).body as {
      results: { randomNumber: number }[];
      truncated: boolean;
    };

  it('reads the moves nearest today first, so a busy district costs a few days of moves, not every move', async () => {
    const found = await search('E17');
    expect(found.results).toHaveLength(BOOKING_SEARCH_LIMIT);
    expect(found.truncated).toBe(true);
    expect(found.results.every((r) => r.randomNumber >= 8000 && r.randomNumber < 8100)).toBe(true);
  });

  it('widens the days while the page is not full: a district with two moves a year ago finds both', async () => {
    const found = await search('se25');
    expect(found.results.map((r) => r.randomNumber)).toEqual([8200, 8201]);
    expect(found.truncated).toBe(false);
  });
});
