import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_TAKEN_MESSAGE, type Quote } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { completeBooking } from '../support/booking-fixtures.js';
import { apiClient, payOnLocalCheckout } from '../support/gateway-api.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';

/**
 * A driver booked twice at the same time must be impossible. Different customers press
 * Book Now on the same driver's offer for the same time at once, through the gateway of the whole
 * embedded product: payment holds the driver in the fleet before any checkout opens.
 */
const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T10:00:00.000Z';
const N = 8;

let embedded: EmbeddedOnTempDir;
const api = apiClient(() => embedded.product.url);

beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir({}, { clock: fixedClock(NOW), webApp: false });
});
afterAll(async () => {
  await embedded?.stop();
});

describe('concurrent checkouts for one driver and one time (gateway → payment → quote holds)', () => {
  it(`${N} customers at once: exactly one checkout opens, the rest get 409 "no longer free"; the driver is then not offered`, async () => {
    const quotes: Quote[] = [];
    for (let i = 0; i < N; i++) {
      const priced = await api<{ quote: Quote }>(
        'POST',
        '/api/booking',
        completeBooking(MOVE_DATE, { name: `Customer ${i}`, email: `customer${i}@example.com` }),
      );
      expect(priced.status, JSON.stringify(priced.body)).toBe(200);
      quotes.push(priced.body.quote);
    }
    const driverId = quotes[0]!.driverId;
    expect(driverId).toBeTruthy();
    expect(quotes.every((q) => q.driverId === driverId)).toBe(true);

    const results = await Promise.all(
      quotes.map((q) =>
        api<{ url: string; message?: string }>('POST', '/api/paymentbooking', { ...q, percentage: 30 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(N - 1).fill(409)]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(DRIVER_TAKEN_MESSAGE);

    // The open checkout holds the driver for as long as it can be paid: half an hour (Stripe's shortest session), not a day.
    const slots = await embedded.product.services
      .fleet!.infra.store.collection<{ _id: string; driverId: string; expiresAt?: string }>('driver_slots')
      .find({ driverId });
    expect(slots.length).toBeGreaterThan(0);
    expect(new Set(slots.map((s) => s.expiresAt))).toEqual(
      new Set([new Date(Date.parse(NOW) + 30 * 60_000).toISOString()]),
    );

    // Held by the open checkout: a new quote for an overlapping time offers someone else (once
    // quote's read model has the fleet's event of the hold).
    await embedded.product.bus.idle();
    const again = await api<{ quote: Quote; offers: { driverId: string }[] }>(
      'POST',
      '/api/booking',
      completeBooking(MOVE_DATE, { email: 'late@example.com' }),
    );
    expect(again.body.offers.map((o) => o.driverId)).not.toContain(driverId);

    // The winner pays; the paid booking keeps the driver, and a second checkout of it is no problem.
    const winner = quotes[results.findIndex((r) => r.status === 200)]!;
    const { paid } = await payOnLocalCheckout(api, { ...winner, percentage: 30 });
    expect(paid.status).toBe(303);
  });
});
