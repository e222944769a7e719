import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { startEmbedded, type EmbeddedProduct } from '../../../scripts/embedded/start-embedded.js';

// The gateway verifies staff tokens against the wall clock, so the product's clock is pinned to the
// real time the test starts at (not a date in the past); the move is five days later at 10:00 UTC.
const NOW = new Date();
const MOVE_DATE = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 5, 10)).toISOString();
const SIGNUP_CODE = 'embedded-mail-flow-code';

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

interface OutboxListing { mails: { file: string; to: string; subject: string }[]; texts: { to: string; body: string }[] }

/**
 * The "done when", through the gateway of the embedded product: save a quote, pay it on
 * the local checkout, request a review as staff; the outbox then holds the customer, driver and
 * review mails, each exactly once, even when events are delivered again.
 */
describe('embedded product: the mail a booking produces', () => {
  let product: EmbeddedProduct;
  let dataDir: string;
  const confirmed: EventEnvelope[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-embedded-mail-'));
    product = await startEmbedded(
      { DATA_DIR: dataDir, GATEWAY_PORT: String(await freePort()), LOG_LEVEL: 'silent', STATIC_DIR: dataDir, STRIPE_SECRET_KEY: '', ADMIN_SIGNUP_CODE: SIGNUP_CODE },
      { clock: fixedClock(NOW) },
    );
    await product.bus.subscribe('mail-e2e-test', TOPICS.bookingConfirmed, async (e) => void confirmed.push(e));
  });
  afterAll(async () => {
    await settle();
    await product?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}, form = false) => {
    const res = await fetch(`${product.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }) },
      body: body === undefined ? undefined : form ? String(body) : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: any = text;
    try {
      json = JSON.parse(text);
    } catch {
      /* an HTML page */
    }
    return { status: res.status, body: json };
  };
  /** Outbox relays run every second: poll until the listing stops changing and the bus is idle. */
  async function settle() {
    let last = '';
    for (let i = 0; i < 40; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 150));
      const now = JSON.stringify(await outbox());
      if (now === last) return;
      last = now;
    }
  }
  const outbox = async () => (await api('GET', '/api/dev/outbox')).body as OutboxListing;

  it('save, pay 30 %, request a review: customer, driver and review mails, each once', async () => {
    const { quote } = (await api('POST', '/api/booking', bookingData)).body;
    const saved = await api('POST', '/api/saveRetrieve', { quote });
    expect(saved.status).toBe(201);
    const record = saved.body.data as { _id: string; randomNumber: number };
    const code = record.randomNumber;

    const checkout = await api('POST', '/api/paymentbooking', { ...quote, randomNumber: code, percentage: 30 });
    expect(checkout.status).toBe(200);
    const page = await api('GET', checkout.body.url);
    const action = (page.body as string).match(/<form method="post" action="([^"]+\/pay)"/)![1];
    expect((await api('POST', action, '', {}, true)).status).toBe(303);
    await settle();

    expect((await api('POST', '/api/account/register', { name: 'mailstaff', password: 'correct horse battery', password1: 'correct horse battery', uniquecode: SIGNUP_CODE })).status).toBeLessThan(300);
    const login = await api('POST', '/api/account/login', { username: 'mailstaff', password: 'correct horse battery' });
    expect(login.body.success).toBe(true);
    const staff = { authorization: `Bearer ${login.body.token}` };

    expect((await api('POST', `/api/backdata/review/${record._id}`)).status).toBe(401);
    const review = await api('POST', `/api/backdata/review/${record._id}`, undefined, staff);
    expect(review).toEqual({ status: 200, body: { message: 'Review request e-mail sent to alice@example.com.' } });
    await settle();
    const again = await api('POST', `/api/backdata/review/${record._id}`, undefined, staff);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A review has already been requested for this booking.');

    // Delivered again (as after a consumer crash): nothing is sent twice.
    expect(confirmed).toHaveLength(1);
    await product.bus.publish(TOPICS.bookingConfirmed, confirmed[0]);
    await settle();

    const { mails, texts } = await outbox();
    const count = (to: string, subject: string) => mails.filter((m) => m.to === to && m.subject.startsWith(subject)).length;
    expect(count('alice@example.com', `Your VanHop quote ${code} is saved`)).toBe(1);
    expect(count('alice@example.com', 'Booking confirmed:')).toBe(1);
    const driverEmail = (confirmed[0].data as { driver: { email: string } }).driver.email;
    expect(count(driverEmail, `New job ${code}:`)).toBe(1);
    expect(count('alice@example.com', 'How was your move with VanHop?')).toBe(1);
    expect(mails).toHaveLength(4);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+447123456789' });

    // The customer mail's text content, read back from the .eml.
    const confirmation = mails.find((m) => m.subject.startsWith('Booking confirmed:'))!;
    const eml = await simpleParser((await api('GET', `/api/dev/outbox/${confirmation.file}`)).body as string);
    expect(eml.text).toContain('payable to the driver on the day of the move');
    expect(eml.text).toContain(`Booking reference: ${code}`);

    // The admin list now shows the review as requested.
    const all = await api('GET', '/api/backdata/all', undefined, staff);
    const listed = (all.body as { _id: string; reviewRequest: boolean }[]).find((r) => r._id === record._id);
    expect(listed?.reviewRequest).toBe(true);
  });
});
