import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { completeBooking } from '../../../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../../test/support/embedded.js';
import { apiClient } from '../../../test/support/gateway-api.js';

const NOW = '2026-01-15T08:00:00.000Z';
const MOVE = '2026-01-20T10:00:00.000Z';

/** Book Now on a quote that was never saved, pressed again after coming back from the checkout page. */
describe('Book Now twice on the same unsaved quote', () => {
  let running: EmbeddedOnTempDir;
  const api = apiClient(() => running.product.url);
  const bookingCount = () => running.product.services.booking!.infra.store.collection('bookings').count({});

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ STRIPE_SECRET_KEY: '' }, { clock: fixedClock(NOW), webApp: false });
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('reuses the booking record (and the open checkout) instead of creating a second one', async () => {
    const priced = await api('POST', '/api/booking', completeBooking(MOVE));
    expect(priced.status).toBe(200);
    const order = { ...priced.body.quote, percentage: 30 };

    const first = await api('POST', '/api/paymentbooking', order);
    const second = await api('POST', '/api/paymentbooking', order);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.sessionId).toBe(first.body.sessionId);
    expect(await bookingCount()).toBe(1);
  });

  it('creates a new record when the quote itself changed', async () => {
    const before = await bookingCount();
    const priced = await api('POST', '/api/booking', completeBooking(MOVE, { name: 'Other Customer' }));
    const res = await api('POST', '/api/paymentbooking', { ...priced.body.quote, percentage: 50 });
    expect(res.status).toBe(200);
    expect(await bookingCount()).toBe(before + 1);
  });
});
