import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPence, MSG, TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { completeBooking } from '../../../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../../test/support/embedded.js';
import { apiClient, payFormAction, payOnLocalCheckout, priceAndSave } from '../../../test/support/gateway-api.js';

/** 08:00 London on a Thursday; the move is five days later at 10:00. */
const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T10:00:00.000Z';

const bookingData = completeBooking(MOVE_DATE);

/**
 * The "done when" flow through the gateway of the embedded product (no Stripe key): save a quote,
 * pay 30 % on the local test checkout by submitting its form like a browser, then retrieve it.
 */
describe('embedded product: pay a saved quote at 30 % through the local test checkout', () => {
  let embedded: EmbeddedOnTempDir;
  let product: EmbeddedOnTempDir['product'];
  const confirmed: EventEnvelope[] = [];
  const succeeded: EventEnvelope[] = [];

  beforeAll(async () => {
    embedded = await startEmbeddedOnTempDir({ STRIPE_SECRET_KEY: '' }, { clock: fixedClock(NOW), webApp: false });
    product = embedded.product;
    await product.bus.subscribe('payment-e2e-test', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
    await product.bus.subscribe('payment-e2e-test', TOPICS.paymentSucceeded, async (e) => void succeeded.push(e));
  });
  afterAll(async () => {
    await embedded?.stop();
  });

  const api = apiClient(() => product.url);
  const settle = async () => {
    for (let i = 0; i < 10 && confirmed.length === 0; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 50));
    }
    await product.bus.idle();
  };

  it('save → Book Now at 30 % → local checkout Pay → retrieve shows 30percentage; BookingConfirmed once', async () => {
    const { quote, record: saved } = await priceAndSave(api, bookingData);
    const code = saved.randomNumber;
    const [record] = (await api('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;
    expect(record.paymentStatus).toBe('unpaid');
    const totalPence = Math.round(record.quote.totalPrice * 100);

    // The quote panel posts its quote with the record's code and the chosen share.
    const checkout = await api('POST', '/api/paymentbooking', { ...quote, randomNumber: code, percentage: 30 });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toBe(`/api/payments/local-checkout/${checkout.body.sessionId}`);

    const page = await api('GET', checkout.body.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('TEST PAYMENT');
    expect(page.body).toContain(formatPence(Math.round(totalPence * 0.3)));
    const action = payFormAction(page.body);

    const paid = await api('POST', action, '', { form: true });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/paymentbooking/success?session_id=${checkout.body.sessionId}`);
    // The success screen then confirms (a no-op: the Pay button already fulfilled it).
    expect(
      (await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })).body,
    ).toMatchObject({ success: true });
    await settle();

    const [after] = (await api('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;
    expect(after.paymentStatus).toBe('30percentage');
    expect(after.OutstandingBalance).toBe((totalPence - Math.round(totalPence * 0.3)) / 100);
    expect(succeeded).toHaveLength(1);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.data).toMatchObject({
      randomNumber: code,
      paymentStatus: '30percentage',
      amountPaidPence: Math.round(totalPence * 0.3),
      totalPricePence: totalPence,
    });

    // Paying the same record again is refused.
    const again = await api('POST', '/api/savebooking', [{ ...after, percentage: 50 }]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have Already paid for 30percentage');
  });

  it('Book Now on a quote never saved: the record is created server-side, paid in full, retrievable by its code', async () => {
    confirmed.length = 0;
    succeeded.length = 0;
    const { quote } = (
      await api('POST', '/api/booking', { ...bookingData, name: 'Bob Carrier', email: 'bob@example.com' })
    ).body;
    const bookings = () => product.services.booking!.infra.store.collection('bookings').count({});
    const before = await bookings();
    const tampered = await api('POST', '/api/paymentbooking', { ...quote, totalPrice: 1, percentage: 100 });
    expect(tampered.status).toBe(409);
    expect(tampered.body.message).toBe(MSG.quote.priceChanged);
    expect(await bookings()).toBe(before);
    const { checkout } = await payOnLocalCheckout(api, { ...quote, percentage: 100 });
    const confirmation = await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId });
    expect(confirmation.body).toMatchObject({ success: true, paymentStatus: 'paid' });
    await settle();

    const [record] = (await api('GET', `/api/saveRetrieve?randomNumber=${confirmation.body.randomNumber}`)).body;
    // Booked: the code shows the move, not who the customer is (that is behind the My move link).
    expect(record.quote.name).toBe('');
    expect(record.quote.description).toBe(quote.description);
    expect(record.quote.totalPrice).toBe(quote.totalPrice);
    expect(record.paymentStatus).toBe('paid');
    expect(record.OutstandingBalance).toBe(0);
    expect(succeeded.map((e) => (e.data as { amountPence: number }).amountPence)).toEqual([
      Math.round(quote.totalPrice * 100),
    ]);
    expect(confirmed).toHaveLength(1);
  });
});
