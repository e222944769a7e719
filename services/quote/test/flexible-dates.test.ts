import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookingTime, type FlexibleDate } from '@vanhop/contracts';
import { complete, MOVE_DATE, NOW, post, startQuote } from './support.js';

/** A dated quote also prices the same move on the 7 days either side (NOW is Thursday 15 January, the move Tuesday the 20th). */
describe('flexible dates', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  beforeAll(async () => {
    svc = await startQuote({ SEED_DEMO_DRIVERS: 'true' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  const quoteOn = async (date: string, query = '') => {
    const res = await post(`${svc.url}/api/booking${query}`, { ...complete, date });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as {
      quote: { totalPrice: number };
      offers: { driverId: string; totalPrice: number }[];
      flexibleDates?: FlexibleDate[];
    };
  };
  /**
   * What a customer choosing that day is quoted: the cheapest free driver in all (their total, the
   * known charges on the day counted in choosing them), or nothing when nobody is free.
   */
  const lowestOn = async (date: string) => {
    const { quote, offers } = await quoteOn(date);
    return offers.length === 0 ? null : quote.totalPrice;
  };
  const inHalfAnHour = new Date(Date.parse(NOW) + 30 * 60_000).toISOString();

  it('lists the 7 days either side at the same time, each priced as a quote for that day is, leaving out the days that cannot be booked', async () => {
    const { flexibleDates } = await quoteOn(MOVE_DATE);
    // The 13th and 14th are gone by (NOW is the 15th): they are not in the answer at all.
    expect(flexibleDates?.map((d) => d.day)).toEqual([
      '2026-01-15',
      '2026-01-16',
      '2026-01-17',
      '2026-01-18',
      '2026-01-19',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
      '2026-01-24',
      '2026-01-25',
      '2026-01-26',
      '2026-01-27',
    ]);
    const earliest = earliestBookingTime(new Date(NOW)).getTime();
    expect(flexibleDates!.every((d) => Date.parse(d.date) >= earliest)).toBe(true);
    expect(flexibleDates!.every((d) => d.date.endsWith('T10:00:00.000Z'))).toBe(true);
    for (const d of flexibleDates!) expect(d.lowestPrice, d.day).toBe(await lowestOn(d.date));
    expect(flexibleDates!.some((d) => d.lowestPrice !== null)).toBe(true);
  });

  it('leaves out the days before the earliest booking time on the day itself, and lists none of them as null', async () => {
    // Quoted for tomorrow at 07:00 when NOW is 08:00: today's earliest start is 10:00, so today is out.
    const early = '2026-01-16T07:00:00.000Z';
    const { flexibleDates } = await quoteOn(early);
    expect(flexibleDates!.map((d) => d.day)).toEqual([
      '2026-01-17',
      '2026-01-18',
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
    ]);
  });

  it('still answers null for a day when nobody is free', async () => {
    const friday = '2026-01-23T10:00:00.000Z';
    const free = await quoteOn(friday);
    expect(free.offers.length).toBeGreaterThan(0);
    for (const [i, offer] of free.offers.entries()) {
      const hold = await fetch(`${svc.url}/internal/drivers/${offer.driverId}/holds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingId: `bk-full-${i}`, start: friday, hours: 8, expiresAt: inHalfAnHour }),
      });
      expect(hold.status).toBe(201);
    }
    expect((await quoteOn(friday)).offers).toEqual([]);
    const { flexibleDates } = await quoteOn(MOVE_DATE);
    expect(flexibleDates!.find((d) => d.day === '2026-01-23')).toEqual({
      day: '2026-01-23',
      date: friday,
      lowestPrice: null,
    });
  });

  it('prices a day its cheapest driver is taken by the next driver free then', async () => {
    const thursday = '2026-01-22T10:00:00.000Z';
    const [cheapest] = (await quoteOn(thursday)).offers;
    const hold = await fetch(`${svc.url}/internal/drivers/${cheapest!.driverId}/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: 'bk-flexible', start: thursday, hours: 3, expiresAt: inHalfAnHour }),
    });
    expect(hold.status).toBe(201);
    const taken = await quoteOn(thursday);
    expect(taken.offers.map((o) => o.driverId)).not.toContain(cheapest!.driverId);
    const { flexibleDates } = await quoteOn(MOVE_DATE);
    const day = flexibleDates!.find((d) => d.day === '2026-01-22')!;
    expect(day.lowestPrice).toBe(taken.offers.length ? taken.quote.totalPrice : null);
  });

  it('is left out of undated quotes and of later pages', async () => {
    const { date: _date, ...undated } = complete;
    const draft = await post(`${svc.url}/api/booking`, undated);
    expect(draft.status).toBe(200);
    expect(draft.json.flexibleDates).toBeUndefined();
    expect((await quoteOn(MOVE_DATE, '?offersOffset=12')).flexibleDates).toBeUndefined();
  });
});
