import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, type BookingConfirmed, type RefundIssued } from '@vanhop/contracts';
import { StripeApiServer } from './support/stripe-api-server.js';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

/**
 * A booking has at most one live deposit attempt, and every payment the provider took is on a
 * booking's record, paid or refunded: the provider's net and the records' net agree to the penny.
 * The stored record is priced £287.50: 30 % is £86.25, 50 % £143.75, all of it £287.50.
 */
const THIRTY = 8625;
const FIFTY = 14375;
const ALL = 28750;

type Row = Record<string, any>;

/** What the bookings' records say was kept: paid minus refunded, over the given bookings. */
async function recordsNet(h: PaymentHarness, ids: string[]): Promise<number> {
  let net = 0;
  for (const id of ids) {
    const r = await h.bookingRecord(id);
    net += Number(r.amountPaidPence ?? 0) - Number(r.amountRefundedPence ?? 0);
  }
  return net;
}

describe('one live payment per booking, local test checkout', () => {
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
    bookingId = `bk-one-live-${seq}`;
    await h.seedBooking(unpaidBooking({ _id: bookingId, randomNumber: 8700 + seq }));
    for (const list of Object.values(h.published)) list.length = 0;
  });

  /** Presses Pay on the TEST page (as a tab left open on it would); answers where it sent them. */
  const payOnTestPage = async (url: string) => {
    const res = await fetch(`${h.payment.url}${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    await h.settle();
    return res.headers.get('location') ?? '';
  };
  /** The local provider's side: what its test charges took, less what it gave back. */
  const providerNet = async () => {
    const charges = (await h.payment.infra.store.collection('local_checkouts').find({})) as Row[];
    const refunds = (await h.payment.infra.store.collection('local_refunds').find({})) as Row[];
    const mine = charges.filter((c) => String(c.idempotencyKey).includes(bookingId));
    const taken = mine.filter((c) => c.status === 'succeeded').reduce((s, c) => s + c.amountPence, 0);
    const back = refunds.filter((r) => r.bookingId === bookingId).reduce((s, r) => s + r.amountPence, 0);
    return { taken, net: taken - back, paidRefs: mine.filter((c) => c.status === 'succeeded').map((c) => c._id) };
  };

  it('30 % checkout, 100 % card payment and 50 % checkout opened before paying any, all three paid: only the last takes money', async () => {
    const thirty = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    expect(thirty.status, JSON.stringify(thirty.body)).toBe(200);
    const card = await h.post('/api/savebooking', [{ _id: bookingId, percentage: 100 }]);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const fifty = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 50 });
    expect(fifty.status, JSON.stringify(fifty.body)).toBe(200);

    // The customer pays all three tabs: the two older ones were closed and send them to the fail page.
    expect(await payOnTestPage(thirty.body.url)).toContain('/paymentbooking/fail');
    expect(await payOnTestPage(card.body.localCheckoutUrl)).toContain('/paymentbooking/fail');
    expect(await payOnTestPage(fifty.body.url)).toContain('/paymentbooking/success');

    const provider = await providerNet();
    expect(provider.taken).toBe(FIFTY);
    const record = await h.bookingRecord(bookingId);
    expect(record).toMatchObject({ paymentStatus: '50percentage', amountPaidPence: FIFTY, OutstandingBalance: 143.75 });
    expect(await recordsNet(h, [bookingId])).toBe(provider.net);
    expect(h.published.bookingConfirmed).toHaveLength(1);
  });

  it('one live balance checkout: one opened for an older amount is closed when a new one opens', async () => {
    const first = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 50 });
    await payOnTestPage(first.body.url);
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;
    const payBalance = async () =>
      (await fetch(`${h.booking.url}/api${myMovePath}/pay-balance`, { method: 'POST' })).json() as Promise<Row>;
    const older = await payBalance();
    expect(older.sessionId).toMatch(/^cs_local_/);
    // As if opened before the price changed: not the amount owed now, so not offered again.
    const payments = h.payment.infra.store.collection<Row & { _id: string }>('payments');
    await payments.updateOne({ _id: older.sessionId }, { $set: { amountPence: 100 } });
    const newer = await payBalance();
    expect(newer.sessionId).not.toBe(older.sessionId);
    expect(await payOnTestPage(older.url)).not.toContain('/paymentbooking/success');
    expect(await payOnTestPage(newer.url)).toContain('/paymentbooking/success');
    const provider = await providerNet();
    expect(provider.taken).toBe(ALL);
    expect(await recordsNet(h, [bookingId])).toBe(ALL);
    expect(await h.bookingRecord(bookingId)).toMatchObject({ paymentStatus: 'paid', amountPaidPence: ALL });
  });

  it('a second deposit that lands anyway (an older tab paid after the newer one) is on the record and refunded at once, with its mail', async () => {
    const first = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    const second = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    expect(second.body.sessionId).toBe(first.body.sessionId);
    await payOnTestPage(first.body.url);

    // The provider took a second deposit that was never meant to be open (a race at the provider):
    // the local charge of a fresh attempt is settled as paid behind the service's back, then confirmed.
    const charges = h.payment.infra.store.collection<Row & { _id: string }>('local_checkouts');
    const payments = h.payment.infra.store.collection<Row & { _id: string }>('payments');
    const late = { ...(await payments.findOne({ _id: first.body.sessionId }))! };
    const lateRef = `${first.body.sessionId}0`;
    delete late.outbox;
    await payments.insertOne({
      ...late,
      _id: lateRef,
      status: 'pending',
      attempt: 2,
      idempotencyKey: `k-${bookingId}-late`,
    });
    const charge = (await charges.findOne({ _id: first.body.sessionId }))!;
    await charges.insertOne({ ...charge, _id: lateRef, idempotencyKey: `k-${bookingId}-late`, status: 'open' });
    const confirmed = await h.post('/api/paymentbooking/success', { session_id: lateRef });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(402);
    await charges.updateOne({ _id: lateRef }, { $set: { status: 'succeeded' } });
    expect((await h.post('/api/paymentbooking/success', { session_id: lateRef })).status).toBe(200);
    await h.settle();

    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('30percentage');
    expect(record.amountPaidPence).toBe(2 * THIRTY);
    expect(record.amountRefundedPence).toBe(THIRTY);
    const receipts = (record.receipts as Row[]).map((r) => [r.kind, r.amountPence]);
    expect(receipts).toEqual([
      ['payment', THIRTY],
      ['payment', THIRTY],
      ['refund', THIRTY],
    ]);
    // My move shows both payments and the refund as receipts, and the balance as before.
    const { myMovePath } = h.published.bookingConfirmed[0]!.data as BookingConfirmed;
    const view = (await (await fetch(`${h.booking.url}/api${myMovePath}`)).json()) as Row;
    expect((view.receipts as Row[]).map((r) => [r.kind, r.amountPence])).toEqual([
      ['payment', THIRTY],
      ['payment', THIRTY],
      ['refund', THIRTY],
    ]);
    // The refund receipt mail rides on RefundIssued (notification sends it), for that payment only.
    expect(h.published.refundIssued.map((e) => e.data as RefundIssued)).toEqual([
      expect.objectContaining({ bookingId, amountPence: THIRTY, reason: 'overpayment', unneededPayment: true }),
    ]);
    // The driver's earnings keep the deposit the booking was placed with: the refunded second one never counted.
    const job = (await h.payment.infra.store.collection('earnings_jobs').findOne({ _id: bookingId })) as Row;
    expect(job.confirmed?.depositPence).toBe(THIRTY);
    expect(Object.values(job.refunds ?? {})).toEqual([]);
    const provider = await providerNet();
    expect(provider.taken).toBe(2 * THIRTY);
    expect(await recordsNet(h, [bookingId])).toBe(provider.net);
    expect(provider.net).toBe(THIRTY);

    // Delivered again, the second payment is neither recorded nor refunded twice.
    const again = h.published.paymentSucceeded.find((e) => (e.data as Row).providerRef === lateRef)!;
    await h.bus.publish('payment.succeeded', { ...again, eventId: `${again.eventId}-again` }, bookingId);
    await h.settle();
    expect((await h.bookingRecord(bookingId)).amountPaidPence).toBe(2 * THIRTY);
    expect(h.published.refundRequested).toHaveLength(1);
  });
});

const SECRET_KEY = 'sk_test_vanhop_one_live';
const WEBHOOK_SECRET = 'whsec_vanhop_one_live_test';
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

describe('every penny on the record, Stripe adapter (real SDK, local Stripe-API server)', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let h: PaymentHarness;
  const bookingIds: string[] = [];
  let seq = 0;

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

  const newBooking = async () => {
    seq++;
    const id = `bk-penny-${seq}`;
    await h.seedBooking(unpaidBooking({ _id: id, randomNumber: 8800 + seq }));
    bookingIds.push(id);
    return id;
  };
  const webhook = async (type: string, object: object) => {
    const payload = JSON.stringify(stripeApi.event(type, object as Record<string, unknown>));
    const res = await h.post('/api/payments/webhook', payload, { 'stripe-signature': sign(payload) });
    expect(res.status).toBe(200);
    await h.settle();
  };
  /** The customer pays the session on Stripe's page; `anyway`: Stripe took it in a race with our expire. */
  const paySession = async (sessionId: string, anyway = false) => {
    if (!anyway && stripeApi.sessions.get(sessionId)?.status !== 'open') return false;
    await webhook('checkout.session.completed', stripeApi.completeSession(sessionId));
    return true;
  };
  const payIntent = async (intentId: string, anyway = false) => {
    if (!anyway && stripeApi.intents.get(intentId)?.status === 'canceled') return false;
    await webhook('payment_intent.succeeded', stripeApi.succeedIntent(intentId));
    return true;
  };

  it('opening a new attempt expires or cancels the others at Stripe, under idempotency keys', async () => {
    const id = await newBooking();
    const thirty = await h.post('/api/paymentbooking', { _id: id, percentage: 30 });
    const card = await h.post('/api/savebooking', [{ _id: id, percentage: 100 }]);
    const fifty = await h.post('/api/paymentbooking', { _id: id, percentage: 50 });
    expect([thirty.status, card.status, fifty.status]).toEqual([200, 200, 200]);
    expect(stripeApi.sessions.get(thirty.body.sessionId)?.status).toBe('expired');
    expect(stripeApi.intents.get(card.body.paymentIntentId)?.status).toBe('canceled');
    expect(stripeApi.sessions.get(fifty.body.sessionId)?.status).toBe('open');
    const expire = stripeApi.createsOf(`/v1/checkout/sessions/${thirty.body.sessionId}/expire`);
    const cancel = stripeApi.createsOf(`/v1/payment_intents/${card.body.paymentIntentId}/cancel`);
    expect(expire.map((r) => r.idempotencyKey)).toEqual([`vanhop-close-${thirty.body.sessionId}`]);
    expect(cancel.map((r) => r.idempotencyKey)).toEqual([`vanhop-close-${card.body.paymentIntentId}`]);

    expect(await paySession(thirty.body.sessionId)).toBe(false);
    expect(await payIntent(card.body.paymentIntentId)).toBe(false);
    expect(await paySession(fifty.body.sessionId)).toBe(true);
    expect(await h.bookingRecord(id)).toMatchObject({ paymentStatus: '50percentage', amountPaidPence: FIFTY });
  });

  it('a session paid before it could be expired: the new attempt is refused as already paid, the payment recorded once', async () => {
    const id = await newBooking();
    const thirty = await h.post('/api/paymentbooking', { _id: id, percentage: 30 });
    // Paid on Stripe's page; its webhook is still on the way when the customer presses Pay 50 % in another tab.
    stripeApi.completeSession(thirty.body.sessionId);
    const fifty = await h.post('/api/paymentbooking', { _id: id, percentage: 50 });
    expect(fifty.status).toBe(409);
    expect(fifty.body.message).toBe(MSG.payment.alreadyPaid('30percentage'));
    await h.settle();
    expect(await h.bookingRecord(id)).toMatchObject({ paymentStatus: '30percentage', amountPaidPence: THIRTY });
  });

  it('racing payments across bookings: Stripe net equals the records net, to the penny, and every payment has its receipt', async () => {
    // 1. Two tabs press Book Now at once (30 % and 50 %), then both pay (one in a race with its expire).
    const a = await newBooking();
    const [a1, a2] = await Promise.all([
      h.post('/api/paymentbooking', { _id: a, percentage: 30 }),
      h.post('/api/paymentbooking', { _id: a, percentage: 50 }),
    ]);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    await paySession(a1.body.sessionId, true);
    await paySession(a2.body.sessionId, true);

    // 2. 30 % checkout, then a 100 % card payment; both taken (the checkout in a race with its expire).
    const b = await newBooking();
    const b1 = await h.post('/api/paymentbooking', { _id: b, percentage: 30 });
    const b2 = await h.post('/api/savebooking', [{ _id: b, percentage: 100 }]);
    await payIntent(b2.body.paymentIntentId);
    await paySession(b1.body.sessionId, true);

    // 3. The three tabs, each paid in a race with its close, in the order opened.
    const c = await newBooking();
    const c1 = await h.post('/api/paymentbooking', { _id: c, percentage: 30 });
    const c2 = await h.post('/api/savebooking', [{ _id: c, percentage: 100 }]);
    const c3 = await h.post('/api/paymentbooking', { _id: c, percentage: 50 });
    await paySession(c1.body.sessionId, true);
    await payIntent(c2.body.paymentIntentId, true);
    await paySession(c3.body.sessionId, true);

    // 4. A 50 % checkout paid, then the same tab's intent for all of it opened and paid in a race.
    const d = await newBooking();
    const d1 = await h.post('/api/paymentbooking', { _id: d, percentage: 50 });
    const d2 = await h.post('/api/savebooking', [{ _id: d, percentage: 100 }]);
    await paySession(d1.body.sessionId, true);
    await payIntent(d2.body.paymentIntentId, true);

    // 5. An ordinary booking paid once: nothing refunded.
    const e = await newBooking();
    const e1 = await h.post('/api/savebooking', [{ _id: e, percentage: 100 }]);
    await payIntent(e1.body.paymentIntentId);

    await h.settle();
    const ours = new Set(bookingIds.filter((id) => [a, b, c, d, e].includes(id)));
    const takenRefs = [...stripeApi.intents.values()]
      .filter((pi) => pi.status === 'succeeded' && ours.has(String((pi.metadata as Row)?.bookingId)))
      .map((pi) => pi);
    const stripeNet = takenRefs.reduce((s, pi) => s + Number(pi.amount_received) - Number(pi.amount_refunded ?? 0), 0);
    expect(await recordsNet(h, [...ours])).toBe(stripeNet);
    // Each booking keeps exactly one deposit: what it was placed with.
    expect([THIRTY, FIFTY]).toContain(await recordsNet(h, [a]));
    expect(await recordsNet(h, [b])).toBe(ALL);
    expect(await recordsNet(h, [c])).toBe(THIRTY);
    expect(await recordsNet(h, [d])).toBe(FIFTY);
    expect(await recordsNet(h, [e])).toBe(ALL);
    // Every payment Stripe took is a receipt on its booking.
    const receiptRefs = new Set<string>();
    for (const id of ours)
      for (const r of ((await h.bookingRecord(id)).receipts ?? []) as Row[])
        if (r.kind === 'payment') receiptRefs.add(r.providerRef);
    const payments = (await h.payment.infra.store.collection('payments').find({ status: 'succeeded' })) as Row[];
    const paidRefs = payments.filter((p) => ours.has(p.bookingId)).map((p) => p._id);
    expect(paidRefs.length).toBe(receiptRefs.size);
    for (const ref of paidRefs) expect(receiptRefs.has(ref)).toBe(true);
  });
});
