import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  BookingConfirmed,
  EventEnvelope,
  PaymentSucceeded,
  RefundIssued,
  RefundRequested,
} from '@vanhop/contracts';
import { TOPICS } from '@vanhop/contracts';
import { StripeApiServer } from './support/stripe-api-server.js';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

const SECRET_KEY = 'sk_test_vanhop_refunds';
const WEBHOOK_SECRET = 'whsec_vanhop_refunds_test';
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

/** The booking service's My move routes, called directly (the gateway only forwards them). */
const myMove = async (h: PaymentHarness, path: string, body?: unknown) => {
  const res = await fetch(`${h.booking.url}/api${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/** The same RefundRequested delivered again under new event ids (as after a relay or consumer crash), several at once. */
async function replay(h: PaymentHarness, event: EventEnvelope, times = 3) {
  await Promise.all(
    Array.from({ length: times }, (_, i) =>
      h.bus.publish(
        TOPICS.refundRequested,
        { ...event, eventId: `${event.eventId}-replay-${i}` },
        (event.data as RefundRequested).bookingId,
      ),
    ),
  );
  await h.settle();
}

describe('refunds and the balance with the local provider', () => {
  let h: PaymentHarness;
  let seq = 0;
  let bookingId: string;

  beforeAll(async () => {
    h = await startPaymentHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });
  beforeEach(async () => {
    seq++;
    bookingId = `bk-refund-local-${seq}`;
    await h.seedBooking(unpaidBooking({ _id: bookingId, randomNumber: 8100 + seq }));
    for (const list of Object.values(h.published)) list.length = 0;
  });

  const payOnTestPage = async (url: string) => {
    const html = await (await fetch(`${h.payment.url}${url}`)).text();
    const action = html.match(/<form method="post" action="([^"]+\/pay)"/)![1];
    const res = await fetch(`${h.payment.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    await h.settle();
  };

  it('cancel in the cooling-off hour → one local refund of the whole payment → RefundIssued once; replays refund nothing more', async () => {
    const start = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    await payOnTestPage(start.body.url);
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;

    const cancelled = await myMove(h, `${myMovePath}/cancel`, { confirm: true });
    expect(cancelled.status).toBe(200);
    await h.settle();

    expect(h.published.refundRequested).toHaveLength(1);
    const requested = h.published.refundRequested[0]!.data as RefundRequested;
    expect(requested).toMatchObject({ bookingId, amountPence: 8625, reason: 'cooling-off-cancellation' });
    const refunds = () => h.payment.infra.store.collection('local_refunds').find({});
    expect(await refunds()).toEqual([
      expect.objectContaining({
        chargeRef: start.body.sessionId,
        amountPence: 8625,
        refundId: requested.refundId,
        idempotencyKey: `vanhop-refund-${requested.refundId}-${start.body.sessionId}`,
      }),
    ]);
    expect(h.published.refundIssued.map((e) => e.data)).toEqual([
      expect.objectContaining({
        refundId: requested.refundId,
        amountPence: 8625,
        provider: 'local',
        providerRefs: [expect.stringMatching(/^re_local_/)],
        myMovePath: requested.myMovePath,
      }),
    ]);
    const record = await h.bookingRecord(bookingId);
    expect(record).toMatchObject({ state: 'cancelled', amountRefundedPence: 8625, pendingRefunds: [] });

    await replay(h, h.published.refundRequested[0]!);
    expect(await refunds()).toHaveLength(1);
    expect(h.published.refundIssued).toHaveLength(1);
    expect((await h.bookingRecord(bookingId)).amountRefundedPence).toBe(8625);

    // And a replayed RefundIssued does not count the refund twice on the booking.
    await h.bus.publish(
      TOPICS.refundIssued,
      { ...h.published.refundIssued[0]!, eventId: 'refund-issued-again' },
      bookingId,
    );
    await h.settle();
    expect((await h.bookingRecord(bookingId)).amountRefundedPence).toBe(8625);
  });

  it('pay balance: the checkout is for exactly the balance, once; a second request gets the same checkout', async () => {
    const start = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 50 });
    await payOnTestPage(start.body.url);
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;

    const [a, b] = await Promise.all([myMove(h, `${myMovePath}/pay-balance`), myMove(h, `${myMovePath}/pay-balance`)]);
    expect(a.status).toBe(200);
    expect(b.body.sessionId).toBe(a.body.sessionId);
    expect(
      await h.payment.infra.store.collection('local_checkouts').count({ _id: a.body.sessionId, amountPence: 14375 }),
    ).toBe(1);
    await payOnTestPage(a.body.url);

    expect(h.published.paymentSucceeded.map((e) => (e.data as PaymentSucceeded).kind)).toEqual(['deposit', 'balance']);
    expect(h.published.balancePaid).toHaveLength(1);
    expect(await h.bookingRecord(bookingId)).toMatchObject({
      paymentStatus: 'paid',
      OutstandingBalance: 0,
      amountPaidPence: 28750,
    });
    expect((await myMove(h, `${myMovePath}/pay-balance`)).status).toBe(409);
    expect((await h.post('/internal/payments/balance', { bookingId })).status).toBe(409);
  });
});

describe('refunds and the balance through the Stripe adapter (real SDK, local Stripe-API server)', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let h: PaymentHarness;
  let seq = 0;
  let bookingId: string;

  beforeAll(async () => {
    const { url } = await stripeApi.start();
    h = await startPaymentHarness({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: url,
    });
  });
  afterAll(async () => {
    await h?.stop();
    await stripeApi.stop();
  });
  beforeEach(async () => {
    seq++;
    bookingId = `bk-refund-stripe-${seq}`;
    await h.seedBooking(unpaidBooking({ _id: bookingId, randomNumber: 8200 + seq }));
    for (const list of Object.values(h.published)) list.length = 0;
  });

  /** The customer pays on Stripe's page and Stripe tells us (signed webhook), twice as Stripe may. */
  async function completeAndNotify(sessionId: string) {
    const event = stripeApi.event('checkout.session.completed', stripeApi.completeSession(sessionId));
    for (const e of [event, { ...event, id: `${event.id}_again` }]) {
      const payload = JSON.stringify(e);
      expect((await h.post('/api/payments/webhook', payload, { 'stripe-signature': sign(payload) })).status).toBe(200);
    }
    await h.settle();
  }

  it('deposit, balance once, then cancel in the hour: one POST /v1/refunds per payment (newest first) with our idempotency keys; replays send none', async () => {
    const deposit = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    await completeAndNotify(deposit.body.sessionId);
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;

    // Two concurrent balance checkouts: one Checkout Session for exactly the balance.
    const sessionsBefore = stripeApi.createsOf('/v1/checkout/sessions').length;
    const [a, b] = await Promise.all([
      myMove(h, `${myMovePath}/pay-balance`),
      h.post('/internal/payments/balance', { bookingId }),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.sessionId).toBe(a.body.sessionId);
    const creates = stripeApi.createsOf('/v1/checkout/sessions').slice(sessionsBefore);
    expect(new Set(creates.map((c) => c.idempotencyKey))).toEqual(new Set([`vanhop-checkout-${bookingId}-balance-1`]));
    expect(stripeApi.sessions.get(a.body.sessionId)).toMatchObject({
      amount_total: 20125,
      cancel_url: `https://vanhop.example${myMovePath}`,
    });

    await completeAndNotify(a.body.sessionId);
    expect(h.published.paymentSucceeded.map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: 'deposit', amountPence: 8625 }),
      expect.objectContaining({ kind: 'balance', amountPence: 20125, providerRef: a.body.sessionId }),
    ]);
    expect(h.published.balancePaid).toHaveLength(1);
    const success = await h.post('/api/paymentbooking/success', { session_id: a.body.sessionId });
    expect(success.body).toMatchObject({
      success: true,
      kind: 'balance',
      paymentStatus: 'paid',
      paidPence: 28750,
      balancePence: 0,
      statusText: 'Paid in full',
      myMovePath,
    });

    const refundsBefore = stripeApi.createsOf('/v1/refunds').length;
    expect((await myMove(h, `${myMovePath}/cancel`, { confirm: true })).status).toBe(200);
    await h.settle();
    const requested = h.published.refundRequested[0]!.data as RefundRequested;
    expect(requested.amountPence).toBe(28750);
    const refunds = stripeApi.createsOf('/v1/refunds').slice(refundsBefore);
    const intentOf = (sessionId: string) => stripeApi.sessions.get(sessionId)!.payment_intent;
    expect(refunds.map((r) => ({ key: r.idempotencyKey, body: r.body }))).toEqual([
      {
        key: `vanhop-refund-${requested.refundId}-${a.body.sessionId}`,
        body: expect.objectContaining({ payment_intent: intentOf(a.body.sessionId), amount: '20125' }),
      },
      {
        key: `vanhop-refund-${requested.refundId}-${deposit.body.sessionId}`,
        body: expect.objectContaining({ payment_intent: intentOf(deposit.body.sessionId), amount: '8625' }),
      },
    ]);
    expect(h.published.refundIssued.map((e) => e.data as RefundIssued)).toEqual([
      expect.objectContaining({
        amountPence: 28750,
        provider: 'stripe',
        providerRefs: [expect.stringMatching(/^re_/), expect.stringMatching(/^re_/)],
      }),
    ]);
    expect(await h.bookingRecord(bookingId)).toMatchObject({
      state: 'cancelled',
      amountPaidPence: 28750,
      amountRefundedPence: 28750,
    });

    await replay(h, h.published.refundRequested[0]!);
    expect(stripeApi.createsOf('/v1/refunds').length).toBe(refundsBefore + 2);
    expect(h.published.refundIssued).toHaveLength(1);
  });

  it('a Stripe failure while refunding is retried with the same idempotency key, so the refund happens once', async () => {
    const deposit = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 100 });
    await completeAndNotify(deposit.body.sessionId);
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;
    const refundsBefore = stripeApi.createsOf('/v1/refunds').length;
    stripeApi.failures.push(503);
    expect((await myMove(h, `${myMovePath}/cancel`, { confirm: true })).status).toBe(200);
    await h.settle();
    const attempts = stripeApi.createsOf('/v1/refunds').slice(refundsBefore);
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(
      [...stripeApi.refunds.values()].filter(
        (r) => r.payment_intent === stripeApi.sessions.get(deposit.body.sessionId)!.payment_intent,
      ),
    ).toHaveLength(1);
    expect(h.published.refundIssued).toHaveLength(1);
    expect((await h.bookingRecord(bookingId)).amountRefundedPence).toBe(28750);
  });
});
