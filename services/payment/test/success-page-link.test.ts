/**
 * The checkout success page is the proof for the My move link only while it is the page the customer
 * was just sent back to: its session id stays in the browser's history, so an hour after the payment
 * the same request answers the payment's standing without the link (the confirmation e-mail has it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_PAGE_LINK_MS } from '../src/app/confirm-payment.js';
import { payFormAction } from '../../../test/support/gateway-api.js';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

describe('the success page hands out the My move link only just after paying', () => {
  let h: PaymentHarness;
  // Real time, moved on by the test: every service of the stack reads this clock.
  let aheadMs = 0;
  const clock = { now: () => new Date(Date.now() + aheadMs) };

  beforeAll(async () => {
    h = await startPaymentHarness({}, { clock });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const payOnLocalCheckout = async (bookingId: string) => {
    const start = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, _id: bookingId, percentage: 30 });
    expect(start.status).toBe(200);
    const page = await (await fetch(`${h.payment.url}${start.body.url}`)).text();
    const action = payFormAction(page);
    const paid = await fetch(`${h.payment.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    return start.body.sessionId as string;
  };

  it('with the link seconds after paying and up to the hour; without it after that, the standing unchanged', async () => {
    await h.seedBooking(unpaidBooking({ _id: 'bk-success-link', randomNumber: 5551001 }));
    const sessionId = await payOnLocalCheckout('bk-success-link');
    await h.settle();

    const first = await h.post('/api/paymentbooking/success', { session_id: sessionId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, paymentStatus: '30percentage' });
    expect(first.body.myMovePath).toMatch(/^\/mymove\//);

    aheadMs = SUCCESS_PAGE_LINK_MS - 60_000;
    expect((await h.post('/api/paymentbooking/success', { session_id: sessionId })).body.myMovePath).toBe(
      first.body.myMovePath,
    );

    // A session id read off a shared screen, a history or a forwarded address an hour on.
    aheadMs = SUCCESS_PAGE_LINK_MS + 60_000;
    const later = await h.post('/api/paymentbooking/success', { session_id: sessionId });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({
      success: true,
      randomNumber: 5551001,
      paymentStatus: '30percentage',
      paidPence: first.body.paidPence,
    });
    expect(later.body).not.toHaveProperty('myMovePath');
    expect(JSON.stringify(later.body)).not.toContain('/mymove/');
  });
});
