import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlexibleDate } from '@vanhop/contracts';
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

  it('lists the 7 days either side at the same time, each priced as a quote for that day is, days gone by as null', async () => {
    const { flexibleDates } = await quoteOn(MOVE_DATE);
    expect(flexibleDates?.map((d) => d.day)).toEqual([
      '2026-01-13',
      '2026-01-14',
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
    expect(flexibleDates!.every((d) => d.date.endsWith('T10:00:00.000Z'))).toBe(true);
    expect(flexibleDates!.slice(0, 2).map((d) => d.lowestPrice)).toEqual([null, null]);
    for (const d of flexibleDates!.slice(2)) expect(d.lowestPrice, d.day).toBe(await lowestOn(d.date));
    expect(flexibleDates!.some((d) => d.lowestPrice !== null)).toBe(true);
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
