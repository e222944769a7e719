import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { address, completeBooking } from '../../../test/support/booking-fixtures.js';
import { freePort, startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../../../test/support/embedded.js';
import { apiClient, priceAndSave } from '../../../test/support/gateway-api.js';
import { StripeApiServer } from './support/stripe-api-server.js';

const SECRET_KEY = 'sk_test_vanhop_embedded';
const WEBHOOK_SECRET = 'whsec_vanhop_embedded';
const NOW = '2026-01-15T08:00:00.000Z';

/**
 * The product with Stripe configured (the SDK pointed at the local Stripe-API server): the signed
 * webhook goes through the gateway, so this also proves the raw body reaches the service intact.
 */
describe('embedded product with the Stripe adapter: webhook through the gateway', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let embedded: EmbeddedOnTempDir;
  let product: EmbeddedOnTempDir['product'];
  const confirmed: EventEnvelope[] = [];

  beforeAll(async () => {
    const { url } = await stripeApi.start();
    const gatewayPort = await freePort();
    embedded = await startEmbeddedOnTempDir(
      {
        GATEWAY_PORT: String(gatewayPort),
        PUBLIC_URL: `http://localhost:${gatewayPort}`,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: url,
      },
      { clock: fixedClock(NOW), webApp: false },
    );
    product = embedded.product;
    await product.bus.subscribe('payment-stripe-e2e', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
  });
  afterAll(async () => {
    await embedded?.stop();
    await stripeApi.stop();
  });

  const api = apiClient(() => product.url);

  it('save → Book Now 30 % → Stripe Checkout → signed webhook via the gateway → 30percentage, BookingConfirmed once', async () => {
    const { quote, record: saved } = await priceAndSave(
      api,
      completeBooking('2026-01-20T10:00:00.000Z', {
        addresses: [
          address('a', 'London NW2, UK', '12 Example Road', 1),
          address('b', 'Wembley, UK', '3 Other Street', 0),
        ],
        vanSize: 'Medium',
        driverHelp: 'Driver-Plus-One',
        hour: 2,
        description: 'Flat move',
        name: 'Carla Client',
        email: 'carla@example.com',
        phone: '07111222333',
      }),
    );
    const code = saved.randomNumber;
    const totalPence = Math.round(quote.totalPrice * 100);

    const checkout = await api('POST', '/api/paymentbooking', { ...quote, randomNumber: code, percentage: 30 });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(stripeApi.sessions.get(checkout.body.sessionId)).toMatchObject({
      amount_total: Math.round(totalPence * 0.3),
      currency: 'gbp',
    });

    const event = stripeApi.event('checkout.session.completed', stripeApi.completeSession(checkout.body.sessionId));
    // Pretty-printed on purpose: any re-encoding on the way would break the signature.
    const payload = JSON.stringify(event, null, 2);
    const forged = await api('POST', '/api/payments/webhook', payload, {
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }) },
    });
    expect(forged.status).toBe(400);
    const hook = await api('POST', '/api/payments/webhook', payload, {
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
    expect(hook.status).toBe(200);
    expect(hook.body).toMatchObject({ received: true, outcome: 'recorded' });

    for (let i = 0; i < 20 && confirmed.length === 0; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 25));
    }
    const [record] = (await api('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;
    expect(record.paymentStatus).toBe('30percentage');
    expect(record.OutstandingBalance).toBe((totalPence - Math.round(totalPence * 0.3)) / 100);
    expect(confirmed).toHaveLength(1);
    expect(
      (await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })).body,
    ).toMatchObject({ success: true });
    await product.bus.idle();
    expect(confirmed).toHaveLength(1);
  });
});
