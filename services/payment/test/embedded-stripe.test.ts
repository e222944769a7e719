import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { startEmbedded, type EmbeddedProduct } from '../../../scripts/embedded/start-embedded.js';
import { StripeApiServer } from './support/stripe-api-server.js';

const SECRET_KEY = 'sk_test_vanhop_embedded';
const WEBHOOK_SECRET = 'whsec_vanhop_embedded';
const NOW = '2026-01-15T08:00:00.000Z';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * The product with Stripe configured (the SDK pointed at the local Stripe-API server): the signed
 * webhook goes through the gateway, so this also proves the raw body reaches the service intact.
 */
describe('embedded product with the Stripe adapter: webhook through the gateway', () => {
  const stripeApi = new StripeApiServer(SECRET_KEY);
  let product: EmbeddedProduct;
  let dataDir: string;
  const confirmed: EventEnvelope[] = [];

  beforeAll(async () => {
    const { url } = await stripeApi.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-embedded-stripe-'));
    const gatewayPort = await freePort();
    product = await startEmbedded(
      {
        DATA_DIR: dataDir,
        GATEWAY_PORT: String(gatewayPort),
        PUBLIC_URL: `http://localhost:${gatewayPort}`,
        LOG_LEVEL: 'silent',
        STATIC_DIR: dataDir,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: url,
      },
      { clock: fixedClock(NOW) },
    );
    await product.bus.subscribe('payment-stripe-e2e', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
  });
  afterAll(async () => {
    await product?.stop();
    await stripeApi.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${product.url}${p}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text as any };
    }
  };

  it('save → Book Now 30 % → Stripe Checkout → signed webhook via the gateway → 30percentage, BookingConfirmed once', async () => {
    const { quote } = (
      await api('POST', '/api/booking', {
        addresses: [
          { id: 'a', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
          { id: 'b', location: 'Wembley, UK', physicalAddress: '3 Other Street', stair: 0 },
        ],
        vanSize: 'Medium',
        driverHelp: 'Driver-Plus-One',
        hour: 2,
        date: '2026-01-20T10:00:00.000Z',
        description: 'Flat move',
        name: 'Carla Client',
        email: 'carla@example.com',
        phone: '07111222333',
      })
    ).body;
    const saved = await api('POST', '/api/saveRetrieve', { quote });
    expect(saved.status).toBe(201);
    const code = saved.body.data.randomNumber as number;
    const totalPence = Math.round(quote.totalPrice * 100);

    const checkout = await api('POST', '/api/paymentbooking', { ...quote, randomNumber: code, percentage: 30 });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(stripeApi.sessions.get(checkout.body.sessionId)).toMatchObject({ amount_total: Math.round(totalPence * 0.3), currency: 'gbp' });

    const event = stripeApi.event('checkout.session.completed', stripeApi.completeSession(checkout.body.sessionId));
    // Pretty-printed on purpose: any re-encoding on the way would break the signature.
    const payload = JSON.stringify(event, null, 2);
    const forged = await api('POST', '/api/payments/webhook', payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }) });
    expect(forged.status).toBe(400);
    const hook = await api('POST', '/api/payments/webhook', payload, { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
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
    expect((await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })).body).toMatchObject({ success: true });
    await product.bus.idle();
    expect(confirmed).toHaveLength(1);
  });
});
