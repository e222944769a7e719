import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord, RefundIssued } from '@vanhop/contracts';
import type { Clock } from '@vanhop/platform';
import { DRIVER_TAKEN_PAYMENT_MESSAGE } from '../src/domain/payment.js';
import { StripeApiServer } from './support/stripe-api-server.js';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

/**
 * When a driver hold lapses its attempt is closed at the provider, and a payment that lands anyway
 * keeps the driver only while they are still free; when another customer booked them meanwhile
 * it is refunded in full, and the booking is never left active without a driver.
 */
const SECRET_KEY = 'sk_test_vanhop_lapsed';
const WEBHOOK_SECRET = 'whsec_vanhop_lapsed_test';
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
const ALL = 28750;
const MINUTE = 60_000;

type Row = Record<string, any>;

/** Waits for a state (never for a time): the check is asked again until it holds. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

describe('a driver hold that lapses closes its payment; a payment landing anyway (Stripe adapter)', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let h: PaymentHarness;
  let t = Date.parse('2026-11-02T09:00:00Z');
  const clock: Clock = { now: () => new Date(t) };
  let seq = 0;

  beforeAll(async () => {
    const { url } = await stripeApi.start();
    h = await startPaymentHarness(
      {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: url,
        PAYMENT_HOLD_SWEEP_MS: '20',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await h?.stop();
    await stripeApi.stop();
  });

  const bookings = () => h.booking.infra.store.collection<BookingRecord>('bookings');
  const slotsOf = (bookingId: string) => h.fleet.infra.store.collection('driver_slots').count({ bookingId });
  /** Customer A's record with a driver of its own, and customer B's record for the same driver and time. */
  const twoCustomersOneDriver = async () => {
    seq++;
    const a = `bk-lapsed-a-${seq}`;
    const b = `bk-lapsed-b-${seq}`;
    const base = unpaidBooking();
    await h.seedBooking(unpaidBooking({ _id: a, randomNumber: 8900 + seq }));
    const driver = (await h.bookingRecord(a)).driver!;
    await bookings().insertOne({
      ...unpaidBooking({ _id: b, randomNumber: 8950 + seq }),
      driver,
      quote: { ...base.quote, name: 'Bob Other', email: 'bob@example.com' },
    });
    return { a, b, driverId: driver.id };
  };
  const webhook = async (type: string, object: Row) => {
    const payload = JSON.stringify(stripeApi.event(type, object));
    expect((await h.post('/api/payments/webhook', payload, { 'stripe-signature': sign(payload) })).status).toBe(200);
    await h.settle();
  };

  it("A's card payment lapses, B books and pays the driver, A's old intent pays anyway: refunded, never an active booking without a driver", async () => {
    const { a, b, driverId } = await twoCustomersOneDriver();
    const card = await h.post('/api/savebooking', [{ _id: a, percentage: 100 }]);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const intentId = card.body.paymentIntentId as string;
    expect(await slotsOf(a)).toBeGreaterThan(0);

    // 40 minutes on: the hold has lapsed; the sweep cancels the intent at Stripe and frees the driver.
    t += 40 * MINUTE;
    await until(() => stripeApi.intents.get(intentId)?.status === 'canceled', 'the lapsed intent cancelled');
    expect(stripeApi.createsOf(`/v1/payment_intents/${intentId}/cancel`)[0]?.idempotencyKey).toBe(
      `vanhop-close-${intentId}`,
    );
    await until(async () => (await slotsOf(a)) === 0, "A's hold released");
    const payment = (await h.payment.infra.store.collection('payments').findOne({ _id: intentId })) as Row;
    expect(payment.status).toBe('failed');

    // B books and pays the same driver.
    const bCheckout = await h.post('/api/paymentbooking', { _id: b, percentage: 30 });
    expect(bCheckout.status, JSON.stringify(bCheckout.body)).toBe(200);
    await webhook('checkout.session.completed', stripeApi.completeSession(bCheckout.body.sessionId));

    // A's old intent is paid anyway (Stripe took it in a race with the cancel).
    await webhook('payment_intent.succeeded', stripeApi.succeedIntent(intentId));

    // The customer's page is told which: refunded, the driver taken.
    const told = await h.post('/api/savebooking/updatepaymentstatus', [
      { _id: a, paymentIntentId: intentId, clientSecret: card.body.clientSecret },
    ]);
    expect(told.status).toBe(409);
    expect(told.body.message).toBe(DRIVER_TAKEN_PAYMENT_MESSAGE);

    const recordA = await h.bookingRecord(a);
    expect(recordA.paymentStatus).toBe('unpaid');
    expect(recordA).toMatchObject({ amountPaidPence: ALL, amountRefundedPence: ALL });
    expect((recordA.history as Row[]).map((l) => l.text).join('\n')).toContain(
      "arrived after your driver's hold had lapsed and another customer had booked them",
    );
    expect(h.published.refundIssued.map((e) => e.data as RefundIssued)).toContainEqual(
      expect.objectContaining({ bookingId: a, amountPence: ALL, reason: 'driver-taken' }),
    );
    expect(Number(stripeApi.intents.get(intentId)?.amount_refunded)).toBe(ALL);
    const recordB = await h.bookingRecord(b);
    expect(recordB).toMatchObject({ paymentStatus: '30percentage', driver: expect.objectContaining({ id: driverId }) });
    // No active booking without its driver.
    for (const r of [recordA, recordB]) expect(r.paymentStatus === 'unpaid' || !!r.driver?.id).toBe(true);
    expect(await slotsOf(b)).toBeGreaterThan(0);
  });

  it('a payment landing after its hold lapsed while the driver is still free keeps the driver and places the booking', async () => {
    const { a } = await twoCustomersOneDriver();
    const card = await h.post('/api/savebooking', [{ _id: a, percentage: 100 }]);
    const intentId = card.body.paymentIntentId as string;
    t += 40 * MINUTE;
    await until(() => stripeApi.intents.get(intentId)?.status === 'canceled', 'the lapsed intent cancelled');
    await webhook('payment_intent.succeeded', stripeApi.succeedIntent(intentId));

    const recordA = await h.bookingRecord(a);
    expect(recordA).toMatchObject({ paymentStatus: 'paid', amountPaidPence: ALL, state: 'active' });
    expect(recordA.driver?.id).toBeTruthy();
    await until(async () => (await slotsOf(a)) > 0, "A's driver held again");
  });
});

describe('local test checkouts expire with their hold', () => {
  let h: PaymentHarness;
  let t = Date.parse('2026-11-02T09:00:00Z');
  const clock: Clock = { now: () => new Date(t) };

  beforeAll(async () => {
    h = await startPaymentHarness({ PAYMENT_HOLD_SWEEP_MS: '3600000' }, { clock });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('Pay on a checkout page left open past its expiry fails and takes nothing', async () => {
    await h.seedBooking(unpaidBooking({ _id: 'bk-local-expiry', randomNumber: 8990 }));
    const checkout = await h.post('/api/paymentbooking', { _id: 'bk-local-expiry', percentage: 30 });
    expect(checkout.status).toBe(200);
    t += 40 * MINUTE;
    // The page left open says so, and its Pay (pressed all the same) takes nothing.
    const page = await (await fetch(`${h.payment.url}${checkout.body.url}`)).text();
    expect(page).toContain('its time ran out');
    expect(page).not.toContain('/pay"');
    const res = await fetch(`${h.payment.url}${checkout.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.headers.get('location')).toContain('/paymentbooking/fail');
    await h.settle();
    const charge = (await h.payment.infra.store
      .collection('local_checkouts')
      .findOne({ _id: checkout.body.sessionId })) as Row;
    expect(charge.status).toBe('failed');
    expect((await h.bookingRecord('bk-local-expiry')).paymentStatus).toBe('unpaid');
  });
});
