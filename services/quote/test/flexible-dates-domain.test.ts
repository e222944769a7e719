import { describe, expect, it } from 'vitest';
import { FlexibleDates } from '../src/app/flexible-dates.js';
import { moveTotals, totalPenceOn, type MoveToPrice } from '../src/domain/pricing.js';
import type { NeighbourJob } from '@vanhop/contracts';
import { syntheticDriver } from '../../../test/support/synthetic-fleet.js';
import { NOW } from './support.js';

/** The days either side worked out from the chosen day's cheapest drivers: their hours, busy time, drives between jobs. */
describe('flexible dates from the cheapest drivers', () => {
  const move: MoveToPrice & { start: Date } = {
    vanSize: 'Large',
    helpLevel: 'Driver-Help',
    bookedHours: 3,
    flights: [0, 0],
    viaStops: 0,
    routeMiles: 8,
    start: new Date('2026-01-27T10:00:00.000Z'),
    now: new Date(NOW),
  };
  const cheap = syntheticDriver(0, 1, {
    _id: 'drv-cheap',
    card: { ...syntheticDriver(0, 1).card, vanPerHourPence: { Small: 1000, Medium: 1000, Large: 1000, Luton: 1000 } },
    // Never on Wednesdays; a day off on Friday the 30th.
    availability: {
      weekly: {
        mon: [{ from: '07:00', to: '20:00' }],
        tue: [{ from: '07:00', to: '20:00' }],
        wed: [],
        thu: [{ from: '07:00', to: '20:00' }],
        fri: [{ from: '07:00', to: '20:00' }],
        sat: [{ from: '07:00', to: '20:00' }],
        sun: [{ from: '07:00', to: '20:00' }],
      },
      daysOff: ['2026-01-30'],
    },
  });
  const dear = syntheticDriver(1, 1, { _id: 'drv-dear' });
  const cheapest = [cheap, dear].map((driver) => ({ driver, totalPence: totalPenceOn(moveTotals(move), driver.card) }));
  const totalOf = (driver: typeof cheap, start: Date) =>
    totalPenceOn(moveTotals({ ...move, start }), driver.card) / 100;
  // Booked on Monday the 2nd at the move's time; a job in Leeds ending at 09:30 on Sunday the 1st.
  const busy = new Map([['drv-cheap', new Set(['2026-02-02T10:00:00.000Z', '2026-02-02T10:15:00.000Z'])]]);
  const leeds: NeighbourJob = {
    bookingId: 'bk-leeds',
    window: { start: new Date('2026-02-01T06:30:00.000Z'), end: new Date('2026-02-01T09:30:00.000Z') },
    pickup: 'Leeds, UK',
    dropoff: 'Leeds, UK',
  };
  const wholeQuotes: string[] = [];
  const flexible = new FlexibleDates({
    busy: { busy: async () => new Map(), busyOf: async () => busy },
    neighbours: { jobsOf: async () => [], jobsNear: async () => new Map([['drv-cheap', [leeds]]]) },
    driveBetween: async (from) => (from === 'Leeds, UK' ? 4 * 3600 : 600),
  });

  it('prices each day with the first of them free then, and asks a whole quote when none is', async () => {
    const days = await flexible.around({
      move,
      cheapest: [cheapest[0]!],
      longestLateMinutes: 120,
      ends: { pickup: 'London NW2, UK', dropoff: 'London SE1, UK' },
      cheapestAt: async (start) => {
        wholeQuotes.push(start.toISOString().slice(0, 10));
        return 99_900;
      },
    });
    const price = Object.fromEntries(days.map((d) => [d.day, d.lowestPrice]));
    // Wednesdays, the day off, the booked Monday and the Sunday after Leeds go to a whole quote.
    expect(wholeQuotes.sort()).toEqual(['2026-01-21', '2026-01-28', '2026-01-30', '2026-02-01', '2026-02-02']);
    expect(price['2026-01-28']).toBe(999);
    expect(price['2026-01-29']).toBe(totalOf(cheap, new Date('2026-01-29T10:00:00.000Z')));
  });

  it('takes the next cheapest when the cheapest is not free that day', async () => {
    const days = await flexible.around({
      move,
      cheapest,
      longestLateMinutes: 120,
      ends: { pickup: 'London NW2, UK', dropoff: 'London SE1, UK' },
      cheapestAt: async () => {
        throw new Error('one of the two is free every day');
      },
    });
    const price = Object.fromEntries(days.map((d) => [d.day, d.lowestPrice]));
    for (const day of ['2026-01-28', '2026-01-30', '2026-02-01', '2026-02-02'])
      expect(price[day], day).toBe(totalOf(dear, new Date(`${day}T10:00:00.000Z`)));
    expect(price['2026-01-26']).toBe(totalOf(cheap, new Date('2026-01-26T10:00:00.000Z')));
  });
});
