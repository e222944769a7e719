import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { apiClient, payFormAction } from '../support/gateway-api.js';

/**
 * Every call of SPEC.md section 7, made the way a client built against that table makes it
 * (`SERVER_URL=<host>/api/`, the payloads it sends, the fields it reads), through the gateway of
 * the embedded product. Additions to answers are allowed; a removed or renamed field fails here.
 */
describe('SPEC.md section 7 calls through the gateway', () => {
  let running: EmbeddedOnTempDir;
  let product: EmbeddedProduct;
  let token = '';
  let code = 0;
  let recordArray: unknown[] = [];
  // A client configured with SERVER_URL=<host>/api/ calls relative paths such as 'booking'.
  const api = apiClient(() => `${product.url}/api/`);
  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await api(method, p, body, { headers });
    return { ...r, ok: r.status >= 200 && r.status < 300 };
  };
  const bearer = () => ({ Authorization: `Bearer ${token}` });
  const inFiveDays = () => {
    const d = new Date(Date.now() + 5 * 86_400_000);
    d.setUTCHours(11, 0, 0, 0);
    return d.toISOString();
  };

  /** The shared booking data object the booking page sends (SPEC.md section 3). */
  const bookingData = () => ({
    addresses: [
      { id: 'k1', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
      { id: 'k2', location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 1 },
    ],
    vanSize: 'Large',
    driverHelp: 'Driver-Help',
    hour: 3,
    date: inFiveDays(),
    description: 'A sofa, a bed and twenty boxes',
    email: 'ann.mover@example.com',
    phone: '07700900123',
    name: 'Ann Mover',
  });

  /** Pays a local checkout page the way a browser submits its Pay form. */
  const payLocally = async (pagePath: string) => {
    const page = await apiClient(() => product.url)<string>('GET', pagePath);
    const paid = await apiClient(() => product.url)('POST', payFormAction(page.body), '', { form: true });
    expect(paid.status).toBe(303);
    return paid.location ?? '';
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      await product.bus.idle();
      await new Promise((r) => setTimeout(r, 40));
    }
  };

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ STRIPE_SECRET_KEY: '' }, { webApp: false });
    product = running.product;
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('GET google/review → result.reviews, newest first', async () => {
    const r = await call('GET', 'google/review');
    expect(r.status).toBe(200);
    const reviews = r.body.result.reviews as { rating: number; author_name: string; time: number; profile_photo_url: string; text: string }[];
    expect(reviews.length).toBeGreaterThan(0);
    for (const rv of reviews) expect(Object.keys(rv)).toEqual(expect.arrayContaining(['rating', 'author_name', 'time', 'profile_photo_url', 'text']));
    expect(reviews.map((x) => x.time)).toEqual([...reviews.map((x) => x.time)].sort((a, b) => b - a));
  });

  it('POST contact/sendemail → message', async () => {
    const r = await call('POST', 'contact/sendemail', { name: 'Ann Mover', email: 'ann.mover@example.com', phone: '07700900123', title: 'Piano', message: 'Can you move a piano?', agree: true });
    expect(r.status).toBe(200);
    expect(typeof r.body.message).toBe('string');
  });

  it('POST booking → JSON for the quotes popup with every SPEC Quote field', async () => {
    const r = await call('POST', 'booking', bookingData());
    expect(r.status).toBe(200);
    const q = r.body.quote;
    for (const f of ['name', 'email', 'phone', 'description', 'date', 'totalAddress', 'places', 'pickupStair', 'deliveryStair', 'viaStopStair', 'typeofVan', 'typeOfWorker', 'totalHour', 'totalSecond', 'totalPrice', 'travelHour', 'travelMiles']) {
      expect(q, f).toHaveProperty(f);
    }
    expect(r.body.yourinfo.receivedData.vanSize).toBe('Large');
  });

  it('POST saveRetrieve {date, quote, randomNumber} → data.quote.name; GET saveRetrieve?randomNumber= → record array', async () => {
    const { body } = await call('POST', 'booking', bookingData());
    const wanted = 1000 + Math.floor(Math.random() * 9_000_000);
    const saved = await call('POST', 'saveRetrieve', { date: new Date().toISOString(), quote: body.quote, randomNumber: wanted });
    expect(saved.ok).toBe(true);
    expect(saved.body.data.quote.name).toBe('Ann Mover');
    code = saved.body.data.randomNumber;
    expect(code).toBe(wanted);

    const got = await call('GET', `saveRetrieve?randomNumber=${code}`);
    expect(got.status).toBe(200);
    expect(Array.isArray(got.body)).toBe(true);
    expect(got.body[0]).toMatchObject({ paymentStatus: 'unpaid' });
    for (const f of ['quote', 'paymentStatus', 'OutstandingBalance', 'percentage']) expect(got.body[0], f).toHaveProperty(f);
    recordArray = got.body;

    const unknown = await call('GET', 'saveRetrieve?randomNumber=9999999');
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body).toBe('string');
  });

  it('POST savebooking (record array) → clientSecret; POST savebooking/updatepaymentstatus → success true once paid', async () => {
    const record = { ...(recordArray[0] as object), percentage: 30 };
    const r = await call('POST', 'savebooking', [record]);
    expect(r.status).toBe(200);
    expect(typeof r.body.clientSecret).toBe('string');
    // Not paid yet: no success.
    const early = await call('POST', 'savebooking/updatepaymentstatus', [{ ...record, paymentIntentId: r.body.paymentIntentId }]);
    expect(early.body.success).not.toBe(true);
    await payLocally(r.body.localCheckoutUrl);
    const done = await call('POST', 'savebooking/updatepaymentstatus', [{ ...record, paymentIntentId: r.body.paymentIntentId }]);
    expect(done.body).toMatchObject({ success: true });
    await settle();
    const after = await call('GET', `saveRetrieve?randomNumber=${code}`);
    expect(after.body[0].paymentStatus).toBe('30percentage');
  });

  it('POST paymentbooking (the quote) → sessionId; POST paymentbooking/success {session_id}', async () => {
    const { body } = await call('POST', 'booking', bookingData());
    const r = await call('POST', 'paymentbooking', { ...body.quote, percentage: 50 });
    expect(r.status).toBe(200);
    expect(typeof r.body.sessionId).toBe('string');
    const back = await payLocally(r.body.url);
    expect(back).toBe(`/paymentbooking/success?session_id=${r.body.sessionId}`);
    const ok = await call('POST', 'paymentbooking/success', { session_id: r.body.sessionId });
    expect(ok.ok).toBe(true);
  });

  it('POST account/register → message; POST account/login → token, success, message; GET account/admindashboard → username', async () => {
    const reg = await call('POST', 'account/register', { name: 'spec7admin', password: 'a long passphrase 7', password1: 'a long passphrase 7', uniquecode: product.env.ADMIN_SIGNUP_CODE });
    expect(reg.ok).toBe(true);
    expect(typeof reg.body.message).toBe('string');
    const wrong = await call('POST', 'account/register', { name: 'spec7other', password: 'x1234567', password1: 'x1234567', uniquecode: 'not-the-code' });
    expect(typeof wrong.body.errormessage).toBe('string');

    const login = await call('POST', 'account/login', { username: 'spec7admin', password: 'a long passphrase 7' });
    expect(login.body).toMatchObject({ success: true });
    expect(typeof login.body.message).toBe('string');
    token = login.body.token;
    const me = await call('GET', 'account/admindashboard', undefined, bearer());
    expect(me.body.username).toBe('spec7admin');
  });

  it('GET dashboard/health → health; GET dashboard → serverIp', async () => {
    const h = await call('GET', 'dashboard/health');
    expect(h.body.health).toBe('ok');
    const ip = await call('GET', 'dashboard', undefined, bearer());
    expect(typeof ip.body.serverIp).toBe('string');
  });

  it('GET backdata/all → records; POST backdata/review/{id} → message; DELETE backdata/delete/{id} → message', async () => {
    const list = await call('GET', 'backdata/all', undefined, bearer());
    expect(list.status).toBe(200);
    const mine = (list.body as { _id: string; randomNumber: number; reviewRequest: boolean; quote: object }[]).find((r) => r.randomNumber === code)!;
    expect(mine).toBeTruthy();
    for (const f of ['_id', 'randomNumber', 'date', 'paymentStatus', 'OutstandingBalance', 'reviewRequest', 'quote']) expect(mine, f).toHaveProperty(f);
    for (const f of ['totalAddress', 'travelMiles', 'travelHour', 'name', 'email', 'phone', 'typeofVan', 'typeOfWorker', 'totalHour', 'totalPrice', 'totalSecond', 'date', 'description']) {
      expect(mine.quote, `quote.${f}`).toHaveProperty(f);
    }

    const review = await call('POST', `backdata/review/${mine._id}`, undefined, bearer());
    expect(review.status).toBe(200);
    expect(typeof review.body.message).toBe('string');

    const del = await call('DELETE', `backdata/delete/${mine._id}`, undefined, bearer());
    expect(del.status).toBe(200);
    expect(typeof del.body.message).toBe('string');
    const gone = await call('GET', 'backdata/all', undefined, bearer());
    expect((gone.body as { _id: string }[]).some((r) => r._id === mine._id)).toBe(false);
  });
});
