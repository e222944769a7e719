import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_TAKEN_MESSAGE, type BookingRecord } from '@vanhop/contracts';
import { startPaymentHarness, unpaidBooking, type PaymentHarness } from './support/harness.js';

/**
 * A checkout that holds a driver is superseded (closed at the provider, its driver handed to the
 * customer's newer checkout) only by a caller proving it is theirs: its session id, or an intent's
 * client secret. The same address and the same e-mail are no proof: every request below comes from
 * the same address (127.0.0.1) with the same contact e-mail.
 */
describe('superseding an open checkout needs its proof', () => {
  let h: PaymentHarness;
  let seq = 0;

  beforeAll(async () => {
    h = await startPaymentHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** The customer's first record (its own driver) and a second record of the same e-mail for the same driver and time. */
  const twoRecordsOneDriver = async () => {
    seq++;
    const first = `bk-proof-1-${seq}`;
    const second = `bk-proof-2-${seq}`;
    await h.seedBooking(unpaidBooking({ _id: first, randomNumber: 8600 + seq }));
    const { driver } = await h.bookingRecord(first);
    await h.booking.infra.store
      .collection<BookingRecord>('bookings')
      .insertOne({ ...unpaidBooking({ _id: second, randomNumber: 8650 + seq }), driver });
    return { first, second };
  };
  const chargeStatus = async (ref: string) =>
    ((await h.payment.infra.store.collection('local_checkouts').findOne({ _id: ref })) as { status: string } | null)
      ?.status;

  it('a Checkout Session: refused without its session id (its checkout stays open), taken over with it', async () => {
    const { first, second } = await twoRecordsOneDriver();
    const open = await h.post('/api/paymentbooking', { _id: first, percentage: 30 });
    expect(open.status).toBe(200);

    const stranger = await h.post('/api/paymentbooking', { _id: second, percentage: 30 });
    expect(stranger.status).toBe(409);
    expect(stranger.body.message).toBe(DRIVER_TAKEN_MESSAGE);
    const guessed = await h.post('/api/paymentbooking', {
      _id: second,
      percentage: 30,
      checkoutProofs: ['cs_local_000000000000000000000000'],
    });
    expect(guessed.status).toBe(409);
    expect(await chargeStatus(open.body.sessionId)).toBe('open');

    const owner = await h.post('/api/paymentbooking', {
      _id: second,
      percentage: 30,
      checkoutProofs: [open.body.sessionId],
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(await chargeStatus(open.body.sessionId)).toBe('failed');
  });

  it('a card payment: its intent id is no proof, its client secret is', async () => {
    const { first, second } = await twoRecordsOneDriver();
    const card = await h.post('/api/savebooking', [{ _id: first, percentage: 50 }]);
    expect(card.status).toBe(200);

    const withId = await h.post('/api/savebooking', [
      { _id: second, percentage: 50, checkoutProofs: [card.body.paymentIntentId] },
    ]);
    expect(withId.status).toBe(409);
    expect(await chargeStatus(card.body.paymentIntentId)).toBe('open');

    const withSecret = await h.post('/api/savebooking', [
      { _id: second, percentage: 50, checkoutProofs: [card.body.clientSecret] },
    ]);
    expect(withSecret.status, JSON.stringify(withSecret.body)).toBe(200);
    expect(await chargeStatus(card.body.paymentIntentId)).toBe('failed');
  });

  it("back on the booking form, the tab's own open checkouts are abandoned with their proofs, and only those", async () => {
    const { first, second } = await twoRecordsOneDriver();
    const slots = (bookingId: string) => h.fleet.infra.store.collection('driver_slots').count({ bookingId });
    const mine = await h.post('/api/paymentbooking', { _id: first, percentage: 30 });
    expect(mine.status).toBe(200);
    expect(await slots(first)).toBeGreaterThan(0);

    // Someone else's guesses, an intent id and an unknown reference close nothing.
    const guessed = await h.post('/api/paymentbooking/abandon', {
      checkoutProofs: ['cs_local_000000000000000000000000', 'pi_local_0000'],
    });
    expect(guessed.body).toEqual({ closed: 0 });
    expect(await chargeStatus(mine.body.sessionId)).toBe('open');

    const abandoned = await h.post('/api/paymentbooking/abandon', { checkoutProofs: [mine.body.sessionId] });
    expect(abandoned.body).toEqual({ closed: 1 });
    expect(await chargeStatus(mine.body.sessionId)).toBe('failed');
    expect(await slots(first)).toBe(0);
    // The driver is free again: the customer's other record can hold them without any proof.
    expect((await h.post('/api/paymentbooking', { _id: second, percentage: 30 })).status).toBe(200);
    expect((await h.post('/api/paymentbooking/abandon', { checkoutProofs: 'x' })).status).toBe(400);
  });

  it('malformed proofs are a 400 naming checkoutProofs', async () => {
    const { first } = await twoRecordsOneDriver();
    for (const checkoutProofs of ['cs_x', [{ $gt: '' }], Array.from({ length: 11 }, (_, i) => `cs_local_${i}`)]) {
      const res = await h.post('/api/paymentbooking', { _id: first, percentage: 30, checkoutProofs });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('checkoutProofs');
    }
  });
});
