import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { StripeApiServer } from './support/stripe-api-server.js';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

const SECRET_KEY = 'sk_test_vanhop_local';
const WEBHOOK_SECRET = 'whsec_vanhop_local_test';

/** Signs a webhook body exactly as Stripe does, with the SDK's own test-header helper. */
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('payments through the Stripe adapter (real SDK, local Stripe-API server)', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let h: PaymentHarness;
  let seq = 0;
  let bookingId: string;
  let code: number;

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
    bookingId = `bk-stripe-${seq}`;
    code = 5000 + seq;
    await h.seedBooking(unpaidBooking({ _id: bookingId, randomNumber: code }));
    h.published.paymentSucceeded.length = 0;
    h.published.bookingConfirmed.length = 0;
  });

  const webhook = (event: object, signature?: string) => {
    const payload = JSON.stringify(event);
    return h.post('/api/payments/webhook', payload, { 'stripe-signature': signature ?? sign(payload) });
  };
  const paymentDoc = (ref: string) =>
    h.payment.infra.store.collection('payments').findOne({ _id: ref }) as Promise<Record<string, unknown> | null>;

  it('Book Now at 30 %: Checkout Session for 30 % of the server price, in pence, GBP, with an idempotency key', async () => {
    // A quote showing another price than the stored record's £287.50 opens nothing.
    const sessionsBefore = stripeApi.createsOf('/v1/checkout/sessions').length;
    const tampered = await h.post('/api/paymentbooking', {
      ...unpaidBooking().quote,
      totalPrice: 1,
      _id: bookingId,
      percentage: 30,
    });
    expect(tampered.status).toBe(409);
    expect(tampered.body.message).toBe(MSG.quote.priceChanged);
    expect(stripeApi.createsOf('/v1/checkout/sessions')).toHaveLength(sessionsBefore);

    const res = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, _id: bookingId, percentage: 30 });
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^cs_test_/);
    expect(res.body.url).toBe(`https://checkout.stripe.com/c/pay/${res.body.sessionId}`);

    const create = stripeApi.createsOf('/v1/checkout/sessions').slice(-1)[0]!;
    expect(create.idempotencyKey).toBe(`vanhop-checkout-${bookingId}-30-1`);
    expect(create.body).toMatchObject({
      mode: 'payment',
      client_reference_id: bookingId,
      success_url: 'https://vanhop.example/paymentbooking/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `https://vanhop.example/paymentbooking/fail?code=${code}`,
      metadata: { bookingId, randomNumber: String(code), percentage: '30' },
      line_items: [{ quantity: '1', price_data: { currency: 'gbp', unit_amount: '8625' } }],
    });
    // Stripe's shortest session (30 minutes), not its default day: the driver is held for as long as the session is open.
    // On a 5-minute grid, so a second request for the same session names the same expiry.
    const expiresIn = Number(create.body.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(1800 - 60);
    expect(expiresIn).toBeLessThanOrEqual(2100);
    expect(Number(create.body.expires_at) % 300).toBe(0);

    // A double click offers the same open session instead of a second charge.
    const again = await h.post('/api/paymentbooking', { _id: bookingId, percentage: '30' });
    expect(again.body.sessionId).toBe(res.body.sessionId);
  });

  it("an expired Checkout Session or a failed card payment gives the driver back at once (Stripe's webhooks)", async () => {
    const held = () => h.fleet.infra.store.collection('driver_slots').count({ bookingId });

    const checkout = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, _id: bookingId, percentage: 30 });
    expect(checkout.status).toBe(200);
    expect(await held()).toBeGreaterThan(0);
    const session = { ...stripeApi.sessions.get(checkout.body.sessionId)!, status: 'expired' };
    expect((await webhook(stripeApi.event('checkout.session.expired', session))).status).toBe(200);
    expect((await paymentDoc(checkout.body.sessionId))?.status).toBe('failed');
    expect(await held()).toBe(0);

    const intent = await h.post('/api/savebooking', [{ _id: bookingId, percentage: 50 }]);
    expect(intent.status).toBe(200);
    expect(await held()).toBeGreaterThan(0);
    const intentId = intent.body.paymentIntentId as string;
    stripeApi.failIntent(intentId);
    expect(
      (await webhook(stripeApi.event('payment_intent.payment_failed', stripeApi.intents.get(intentId)!))).status,
    ).toBe(200);
    expect(await held()).toBe(0);
  });

  it("the same customer's newer checkout for the same driver expires the older session at Stripe before taking the time; a session Stripe was paid on keeps it", async () => {
    const slotsOf = (id: string) => h.fleet.infra.store.collection('driver_slots').count({ bookingId: id });
    const first = await h.post('/api/paymentbooking', { ...unpaidBooking().quote, _id: bookingId, percentage: 30 });
    expect(first.status).toBe(200);
    // Back from Stripe, another record (another hour, say) with the same driver and time.
    const { driver } = await h.bookingRecord(bookingId);
    const bookings = h.booking.infra.store.collection<Record<string, unknown> & { _id: string }>('bookings');
    const secondId = `${bookingId}-again`;
    await bookings.insertOne({ ...unpaidBooking({ _id: secondId, randomNumber: code + 500 }), driver });
    const second = await h.post('/api/paymentbooking', {
      ...unpaidBooking().quote,
      _id: secondId,
      percentage: 30,
      checkoutProofs: [first.body.sessionId],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(stripeApi.createsOf(`/v1/checkout/sessions/${first.body.sessionId}/expire`)).toHaveLength(1);
    expect(stripeApi.sessions.get(first.body.sessionId)?.status).toBe('expired');
    expect((await paymentDoc(first.body.sessionId))?.status).toBe('failed');
    expect(await slotsOf(bookingId)).toBe(0);
    expect(await slotsOf(secondId)).toBeGreaterThan(0);

    // The customer pays the second session; before its webhook arrives they try a third record:
    // Stripe will not expire a paid session, so the second keeps the driver and the third is refused.
    stripeApi.completeSession(second.body.sessionId);
    const thirdId = `${bookingId}-third`;
    await bookings.insertOne({ ...unpaidBooking({ _id: thirdId, randomNumber: code + 700 }), driver });
    const third = await h.post('/api/paymentbooking', {
      ...unpaidBooking().quote,
      _id: thirdId,
      percentage: 30,
      checkoutProofs: [first.body.sessionId, second.body.sessionId],
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('This driver is no longer free at that time: get quotes again');
    expect(await slotsOf(secondId)).toBeGreaterThan(0);
    expect(await slotsOf(thirdId)).toBe(0);
    expect((await paymentDoc(second.body.sessionId))?.status).toBe('pending');
  });

  it("the retrieve page's card form is closed the same way: its PaymentIntent is cancelled at Stripe before a newer checkout takes the driver", async () => {
    const intent = await h.post('/api/savebooking', [{ _id: bookingId, percentage: 30 }]);
    expect(intent.status).toBe(200);
    const { driver } = await h.bookingRecord(bookingId);
    const bookings = h.booking.infra.store.collection<Record<string, unknown> & { _id: string }>('bookings');
    const secondId = `${bookingId}-checkout`;
    await bookings.insertOne({ ...unpaidBooking({ _id: secondId, randomNumber: code + 900 }), driver });
    const checkout = await h.post('/api/paymentbooking', {
      ...unpaidBooking().quote,
      _id: secondId,
      percentage: 30,
      checkoutProofs: [intent.body.clientSecret],
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const intentId = intent.body.paymentIntentId as string;
    expect(stripeApi.createsOf(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(stripeApi.intents.get(intentId)?.status).toBe('canceled');
    expect((await paymentDoc(intentId))?.status).toBe('failed');
  });

  it('the percentage must be 30, 50 or 100', async () => {
    for (const percentage of [40, 0, '', null, undefined, { $gt: 0 }, '30abc']) {
      const res = await h.post('/api/paymentbooking', { _id: bookingId, percentage });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.payment.choosePercentage);
      const intent = await h.post('/api/savebooking', [{ _id: bookingId, percentage }]);
      expect(intent.status).toBe(400);
      expect(intent.body.message).toBe(MSG.payment.choosePercentage);
    }
    expect(await h.payment.infra.store.collection('payments').count({ bookingId })).toBe(0);
  });

  it('checkout.session.completed → one PaymentSucceeded → booking 30percentage with the right balance → one BookingConfirmed; replays change nothing', async () => {
    const { body } = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    const session = stripeApi.completeSession(body.sessionId);
    const event = stripeApi.event('checkout.session.completed', session);

    const res = await webhook(event);
    expect(res.status).toBe(200);
    await h.settle();

    expect(h.published.paymentSucceeded).toHaveLength(1);
    expect(h.published.paymentSucceeded[0]!.data).toMatchObject({
      bookingId,
      randomNumber: code,
      percentage: 30,
      amountPence: 8625,
      currency: 'gbp',
      provider: 'stripe',
      providerRef: body.sessionId,
    });
    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('30percentage');
    expect(record.OutstandingBalance).toBe(201.25);
    expect(h.published.bookingConfirmed).toHaveLength(1);
    expect(h.published.bookingConfirmed[0]!.data).toMatchObject({
      bookingId,
      amountPaidPence: 8625,
      outstandingBalancePence: 20125,
      totalPricePence: 28750,
    });

    // The same event delivered again, a new event for the same session, and the success page: no-ops.
    expect((await webhook(event)).body).toMatchObject({ received: true, duplicate: true });
    expect((await webhook(stripeApi.event('checkout.session.completed', session))).status).toBe(200);
    const success = await h.post('/api/paymentbooking/success', { session_id: body.sessionId });
    expect(success.status).toBe(200);
    expect(success.body).toMatchObject({ success: true, paymentStatus: '30percentage', randomNumber: code });
    await h.settle();
    expect(h.published.paymentSucceeded).toHaveLength(1);
    expect(h.published.bookingConfirmed).toHaveLength(1);
    expect((await h.bookingRecord(bookingId)).OutstandingBalance).toBe(201.25);

    // A paid booking cannot be paid again.
    const second = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 50 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MSG.payment.alreadyPaid('30percentage'));
    const secondIntent = await h.post('/api/savebooking', [{ ...record, percentage: 100 }]);
    expect(secondIntent.status).toBe(409);
  });

  it('a payment already taken but not yet applied by the booking service still blocks a second one', async () => {
    const { body } = await h.post('/api/savebooking', [{ _id: bookingId, percentage: 50 }]);
    stripeApi.succeedIntent(body.paymentIntentId);
    // The booking consumer is not told (as if the event were still in flight): only the payment side knows.
    await h.payment.infra.store
      .collection('payments')
      .updateOne({ _id: body.paymentIntentId }, { $set: { status: 'succeeded' } });
    const second = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 100 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MSG.payment.alreadyPaid('50percentage'));
  });

  it('a forged signature gets 400 and changes nothing', async () => {
    const { body } = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 50 });
    const event = stripeApi.event('checkout.session.completed', stripeApi.completeSession(body.sessionId));
    const payload = JSON.stringify(event);

    const forged = [
      sign(payload, 'whsec_someone_else'),
      sign(JSON.stringify({ ...event, id: 'evt_other' })),
      't=1,v1=00',
      '',
    ];
    for (const signature of forged) {
      const res = await h.post('/api/payments/webhook', payload, signature ? { 'stripe-signature': signature } : {});
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid Stripe signature');
    }
    // Signed body tampered after signing.
    const tampered = await h.post('/api/payments/webhook', payload.replace('"paid"', '"unpaid"'), {
      'stripe-signature': sign(payload),
    });
    expect(tampered.status).toBe(400);

    await h.settle();
    expect(h.published.paymentSucceeded).toHaveLength(0);
    expect((await paymentDoc(body.sessionId))?.status).toBe('pending');
    expect((await h.bookingRecord(bookingId)).paymentStatus).toBe('unpaid');
  });

  it('the success page confirms with Stripe before anything changes', async () => {
    const { body } = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 100 });
    const early = await h.post('/api/paymentbooking/success', { session_id: body.sessionId });
    expect(early.status).toBe(402);
    expect((await h.bookingRecord(bookingId)).paymentStatus).toBe('unpaid');

    stripeApi.completeSession(body.sessionId);
    const paid = await h.post('/api/paymentbooking/success', { session_id: body.sessionId });
    expect(paid.body).toMatchObject({ success: true, paymentStatus: 'paid' });
    await h.settle();
    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('paid');
    expect(record.OutstandingBalance).toBe(0);
    expect(h.published.paymentSucceeded).toHaveLength(1);
    expect(h.published.bookingConfirmed).toHaveLength(1);

    // The webhook arriving afterwards is a no-op.
    await webhook(stripeApi.event('checkout.session.completed', stripeApi.sessions.get(body.sessionId)!));
    await h.settle();
    expect(h.published.paymentSucceeded).toHaveLength(1);

    expect((await h.post('/api/paymentbooking/success', { session_id: { $ne: 'x' } })).status).toBe(400);
    expect((await h.post('/api/paymentbooking/success', { session_id: 'cs_test_unknown' })).status).toBe(404);
  });

  it('savebooking → PaymentIntent; updatepaymentstatus answers success only once Stripe says it succeeded', async () => {
    const retrieved = [{ ...unpaidBooking({ _id: bookingId, randomNumber: code }), percentage: 50 }];
    const res = await h.post('/api/savebooking', retrieved);
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_test_\w+_secret_/);
    expect(res.body.localCheckoutUrl).toBeUndefined();
    const intentId = res.body.paymentIntentId as string;
    const create = stripeApi.createsOf('/v1/payment_intents').slice(-1)[0]!;
    expect(create.idempotencyKey).toBe(`vanhop-intent-${bookingId}-50-1`);
    expect(create.body).toMatchObject({ amount: '14375', currency: 'gbp', metadata: { bookingId, percentage: '50' } });

    // Top-level percentage and the {record: [...]} form are accepted too; same open intent.
    const same = await h.post('/api/savebooking', { record: [{ _id: bookingId }], percentage: 50 });
    expect(same.body.paymentIntentId).toBe(intentId);

    const tooEarly = await h.post('/api/savebooking/updatepaymentstatus', {
      record: retrieved,
      paymentIntentId: intentId,
    });
    expect(tooEarly.status).toBe(402);
    expect((await h.bookingRecord(bookingId)).paymentStatus).toBe('unpaid');

    stripeApi.failIntent(intentId);
    await webhook(stripeApi.event('payment_intent.payment_failed', stripeApi.intents.get(intentId)!));
    expect((await paymentDoc(intentId))?.status).toBe('failed');
    expect((await h.bookingRecord(bookingId)).paymentStatus).toBe('unpaid');

    // The customer retries the card on the same intent and it goes through.
    stripeApi.succeedIntent(intentId);
    const done = await h.post('/api/savebooking/updatepaymentstatus', [
      { ...retrieved[0], paymentIntentId: intentId, clientSecret: res.body.clientSecret },
    ]);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, paymentStatus: '50percentage' });
    await webhook(stripeApi.event('payment_intent.succeeded', stripeApi.intents.get(intentId)!));
    await h.settle();

    const record = await h.bookingRecord(bookingId);
    expect(record.paymentStatus).toBe('50percentage');
    expect(record.OutstandingBalance).toBe(143.75);
    expect(h.published.paymentSucceeded).toHaveLength(1);
    expect(h.published.bookingConfirmed).toHaveLength(1);

    // The reference client sends only the record array: the latest intent of that booking is used.
    const plain = await h.post('/api/savebooking/updatepaymentstatus', retrieved);
    expect(plain.body).toMatchObject({ success: true });
    // An intent of another booking is refused.
    const other = await h.post('/api/savebooking/updatepaymentstatus', {
      record: [{ _id: 'bk-someone-else' }],
      paymentIntentId: intentId,
    });
    expect(other.status).toBe(400);
  });

  it('Stripe refusing answers 502 with a plain message and stores nothing; a 5xx is retried by the SDK with the same key', async () => {
    const before = stripeApi.requests.length;
    stripeApi.failures.push(400);
    const refused = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The card payment provider refused the request.');
    expect(stripeApi.requests.length).toBe(before + 1);
    expect(await h.payment.infra.store.collection('payments').count({ bookingId })).toBe(0);

    // Nothing was stored, so the next try is still attempt 1; Stripe fails once, the SDK retries.
    stripeApi.failures.push(503);
    const ok = await h.post('/api/paymentbooking', { _id: bookingId, percentage: 30 });
    expect(ok.status).toBe(200);
    const keys = stripeApi
      .createsOf('/v1/checkout/sessions')
      .slice(-3)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual(Array(3).fill(`vanhop-checkout-${bookingId}-30-1`));
    expect(stripeApi.sessions.get(ok.body.sessionId)).toBeDefined();
  });

  it('bad input gets a clear 4xx naming the field, never a 500', async () => {
    expect((await h.post('/api/paymentbooking', [1, 2])).status).toBe(400);
    expect((await h.post('/api/paymentbooking', { _id: 'no-such-booking', percentage: 30 })).status).toBe(404);
    const noRecord = await h.post('/api/savebooking', [{ percentage: 30 }]);
    expect(noRecord.status).toBe(400);
    expect(noRecord.body.errors).toHaveProperty('record');
    expect((await h.post('/api/savebooking', [{ _id: { $gt: '' }, percentage: 30 }])).status).toBe(400);
    expect(
      (await h.post('/api/savebooking/updatepaymentstatus', [{ _id: bookingId, paymentIntentId: ['x'] }])).status,
    ).toBe(400);
    expect((await h.post('/api/payments/webhook', '{not json', { 'stripe-signature': 'x' })).status).toBe(400);
    const unknown = await webhook(stripeApi.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(unknown.status).toBe(200);
  });
});
