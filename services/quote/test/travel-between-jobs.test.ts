import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingConfirmed, type BookingQuoteResponse } from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { jobsAround, travelFits, type NeighbourJob } from '@vanhop/contracts';
import { completeBooking, address } from '../../../test/support/booking-fixtures.js';
import { NOW, startQuote } from './support.js';
import { bookingConfirmed } from '../../notification/test/support/events.js';

/**
 * A driver booked NW2 → SE1 10:00 to 13:00 is not offered a 13:00 start back in NW2:
 * the drive from one job's drop-off to the next pickup must fit between them (and from a new move's
 * drop-off to the driver's next job).
 */
const at = (iso: string) => new Date(iso);
const job = (bookingId: string, start: string, end: string, pickup: string, dropoff: string): NeighbourJob => ({
  bookingId,
  window: { start: at(start), end: at(end) },
  pickup,
  dropoff,
});

describe('the drive between jobs (domain)', () => {
  const drive = async (from: string, to: string) =>
    from === to ? 0 : from === 'SE1' && to === 'NW2' ? 45 * 60 : 20 * 60;
  const morning = job('b1', '2026-01-20T10:00:00Z', '2026-01-20T13:00:00Z', 'NW2', 'SE1');

  it('refuses a start before the driver can get there from their last drop-off, allows one after', async () => {
    const at13 = { start: at('2026-01-20T13:00:00Z'), end: at('2026-01-20T15:00:00Z') };
    const at14 = { start: at('2026-01-20T14:00:00Z'), end: at('2026-01-20T16:00:00Z') };
    expect(await travelFits(at13, { pickup: 'NW2', dropoff: 'E1' }, [morning], drive)).toBe(false);
    expect(await travelFits(at13, { pickup: 'SE1', dropoff: 'E1' }, [morning], drive)).toBe(true);
    expect(await travelFits(at14, { pickup: 'NW2', dropoff: 'E1' }, [morning], drive)).toBe(true);
  });

  it('refuses a move whose drop-off leaves no time to reach the next job; unknown places rule nothing out', async () => {
    const window = { start: at('2026-01-20T07:00:00Z'), end: at('2026-01-20T09:50:00Z') };
    expect(await travelFits(window, { pickup: 'E1', dropoff: 'W1' }, [morning], drive)).toBe(false);
    expect(await travelFits(window, { pickup: 'E1', dropoff: 'NW2' }, [morning], drive)).toBe(true);
    expect(await travelFits(window, { pickup: 'E1', dropoff: 'W1' }, [morning], async () => null)).toBe(true);
  });

  it('looks only at jobs around the window, not overlapping or far away', () => {
    const far = job('b2', '2026-01-21T10:00:00Z', '2026-01-21T12:00:00Z', 'NW2', 'SE1');
    const { before, after } = jobsAround({ start: at('2026-01-20T14:00:00Z'), end: at('2026-01-20T16:00:00Z') }, [
      morning,
      far,
    ]);
    expect(before.map((j) => j.bookingId)).toEqual(['b1']);
    expect(after).toEqual([]);
  });
});

describe('the drive between jobs in the quote service', () => {
  const clock = fixedClock(NOW);
  let svc: Awaited<ReturnType<typeof startQuote>>;
  beforeAll(async () => {
    svc = await startQuote({ SEED_DEMO_DRIVERS: 'true' }, clock);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  const offeredDrivers = async (date: string, from: [string, string], to: [string, string]) => {
    const res = await fetch(`${svc.url}/api/booking`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        completeBooking(date, {
          hour: 2,
          addresses: [address('p', from[0], from[1], 0), address('d', to[0], to[1], 0)],
        }),
      ),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as BookingQuoteResponse).offers.map((o) => o.driverId);
  };

  it('a driver booked NW2 → SE1 until 13:00 is offered 13:00 in SE1 and 14:00 in NW2, but not 13:00 in NW2', async () => {
    // A booking of Ali's, NW2 → SE1, 10:00 to 13:00.
    const confirmed: BookingConfirmed = {
      ...bookingConfirmed,
      bookingId: 'bk-travel-1',
      driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' },
      move: {
        ...bookingConfirmed.move,
        date: '2026-01-20T10:00:00.000Z',
        totalHour: 3,
        addresses: [
          { location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 },
          { location: 'London SE1, UK', physicalAddress: '2 B Road', stair: 0 },
        ],
      },
    };
    const before = await offeredDrivers(
      '2026-01-20T13:00:00.000Z',
      ['London NW2, UK', '5 C Road'],
      ['Cricklewood, UK', '6 D Road'],
    );
    expect(before).toContain('drv-ali-hassan');
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, confirmed, { producer: 'booking', clock }),
    );
    await svc.bus.idle();

    expect(
      await offeredDrivers('2026-01-20T13:00:00.000Z', ['London NW2, UK', '5 C Road'], ['Cricklewood, UK', '6 D Road']),
    ).not.toContain('drv-ali-hassan');
    expect(
      await offeredDrivers('2026-01-20T13:00:00.000Z', ['London SE1, UK', '5 C Road'], ['London E1, UK', '6 D Road']),
    ).toContain('drv-ali-hassan');
    expect(
      await offeredDrivers('2026-01-20T14:00:00.000Z', ['London NW2, UK', '5 C Road'], ['Cricklewood, UK', '6 D Road']),
    ).toContain('drv-ali-hassan');
    // And before it: a move ending at 10:00 in SE1 leaves no time to be back in NW2 for 10:00.
    expect(
      await offeredDrivers('2026-01-20T08:00:00.000Z', ['London E1, UK', '5 C Road'], ['London SE1, UK', '6 D Road']),
    ).not.toContain('drv-ali-hassan');
  });
});
