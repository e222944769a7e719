import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { startEmbedded, type EmbeddedProduct } from '../../../scripts/embedded/start-embedded.js';

/** 08:00 London on a Thursday; the move is five days later at 10:00. */
const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T10:00:00.000Z';

const bookingData = {
  addresses: [
    { id: 'a-nw2', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
    { id: 'a-crick', location: 'Cricklewood, UK', physicalAddress: '3 Other Street', stair: 0 },
  ],
  vanSize: 'Large',
  driverHelp: 'Driver-Help',
  hour: 3,
  date: MOVE_DATE,
  description: 'Sofa, bed and twenty boxes',
  name: 'Alice Mover',
  email: 'alice@example.com',
  phone: '07123456789',
};

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
 * The "done when" flow through the gateway of the embedded product (no Stripe key): save a quote,
 * pay 30 % on the local test checkout by submitting its form like a browser, then retrieve it.
 */
describe('embedded product: pay a saved quote at 30 % through the local test checkout', () => {
  let product: EmbeddedProduct;
  let dataDir: string;
  const confirmed: EventEnvelope[] = [];
  const succeeded: EventEnvelope[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-embedded-payment-'));
    product = await startEmbedded(
      { DATA_DIR: dataDir, GATEWAY_PORT: String(await freePort()), LOG_LEVEL: 'silent', STATIC_DIR: dataDir, STRIPE_SECRET_KEY: '' },
      { clock: fixedClock(NOW) },
    );
    await product.bus.subscribe('payment-e2e-test', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
    await product.bus.subscribe('payment-e2e-test', TOPICS.paymentSucceeded, async (e) => void succeeded.push(e));
  });
  afterAll(async () => {
    await product?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, p: string, body?: unknown, form = false) => {
    const res = await fetch(`${product.url}${p}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: body === undefined ? undefined : form ? String(body) : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* HTML page or plain text */
    }
    return { status: res.status, body: json, location: res.headers.get('location') };
  };
  const settle = async () => {
    for (let i = 0; i < 10 && confirmed.length === 0; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 50));
    }
    await product.bus.idle();
  };

  it('save → Book Now at 30 % → local checkout Pay → retrieve shows 30percentage; BookingConfirmed once', async () => {
    const priced = await api('POST', '/api/booking', bookingData);
    expect(priced.status).toBe(200);
    const quote = priced.body.quote;

    const saved = await api('POST', '/api/saveRetrieve', { quote });
    expect(saved.status).toBe(201);
    const code = saved.body.data.randomNumber as number;
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
    expect(page.body).toContain(`£${(Math.round(totalPence * 0.3) / 100).toFixed(2)}`);
    const action = (page.body as string).match(/<form method="post" action="([^"]+\/pay)"/)![1];

    const paid = await api('POST', action, '', true);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/paymentbooking/success?session_id=${checkout.body.sessionId}`);
    // The success screen then confirms (a no-op: the Pay button already fulfilled it).
    expect((await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId })).body).toMatchObject({ success: true });
    await settle();

    const [after] = (await api('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;
    expect(after.paymentStatus).toBe('30percentage');
    expect(after.OutstandingBalance).toBe((totalPence - Math.round(totalPence * 0.3)) / 100);
    expect(succeeded).toHaveLength(1);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].data).toMatchObject({ randomNumber: code, paymentStatus: '30percentage', amountPaidPence: Math.round(totalPence * 0.3), totalPricePence: totalPence });

    // Paying the same record again is refused.
    const again = await api('POST', '/api/savebooking', [{ ...after, percentage: 50 }]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have Already paid for 30percentage');
  });

  it('Book Now on a quote never saved: the record is created server-side, paid in full, retrievable by its code', async () => {
    confirmed.length = 0;
    succeeded.length = 0;
    const { quote } = (await api('POST', '/api/booking', { ...bookingData, name: 'Bob Carrier', email: 'bob@example.com' })).body;
    const checkout = await api('POST', '/api/paymentbooking', { ...quote, totalPrice: 1, percentage: 100 });
    expect(checkout.status).toBe(200);
    const page = await api('GET', checkout.body.url);
    const action = (page.body as string).match(/<form method="post" action="([^"]+\/pay)"/)![1];
    expect((await api('POST', action, '', true)).status).toBe(303);
    const confirmation = await api('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId });
    expect(confirmation.body).toMatchObject({ success: true, paymentStatus: 'paid' });
    await settle();

    const [record] = (await api('GET', `/api/saveRetrieve?randomNumber=${confirmation.body.randomNumber}`)).body;
    expect(record.quote.name).toBe('Bob Carrier');
    expect(record.quote.totalPrice).toBe(quote.totalPrice);
    expect(record.paymentStatus).toBe('paid');
    expect(record.OutstandingBalance).toBe(0);
    expect(succeeded.map((e) => (e.data as { amountPence: number }).amountPence)).toEqual([Math.round(quote.totalPrice * 100)]);
    expect(confirmed).toHaveLength(1);
  });
});
