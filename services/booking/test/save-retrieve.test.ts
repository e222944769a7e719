import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock, type MemoryEventBus, type RunningService } from '@vanhop/platform';
import { startSupply } from '../../../test/support/supply-pair.js';
import { startTestStack } from '../../../test/support/service-stack.js';
import { bookingService } from '../src/service.js';

const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T10:00:00.000Z';
const address = (location: string, stair: number) => ({
  id: `a-${location.replace(/\W/g, '')}`,
  location,
  physicalAddress: '12 Example Road',
  stair,
});

/** The Quote the web app got from POST /api/booking and sends back to save (the money fields it does not show tampered). */
const shownQuote = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '07700900123',
  description: 'Two-bedroom flat',
  date: MOVE_DATE,
  totalAddress: [address('London NW2, UK', 1), address('Cricklewood, UK', 1)],
  places: ['London NW2, UK', 'Cricklewood, UK'],
  pickupStair: 1,
  deliveryStair: 1,
  viaStopStair: [],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
  totalSecond: 99,
  totalPrice: 180,
  travelHour: 1,
  travelMiles: 0,
  driverId: 'drv-ali-hassan',
  yourinfo: { receivedData: { vanSize: 'Large' } },
};

interface Stack {
  quote: RunningService;
  booking: RunningService;
  bus: MemoryEventBus;
  saved: EventEnvelope[];
  stop(): Promise<void>;
}

async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const stack = await startTestStack({ name: 'booking', clock: fixedClock(NOW) });
  const { bus } = stack;
  const saved: EventEnvelope[] = [];
  await bus.subscribe('test-observer', TOPICS.quoteSaved, async (e) => void saved.push(e));
  const { quote, fleet } = await startSupply((def, env) => stack.start(def as never, env), bus);
  const booking = await stack.start(bookingService, {
    QUOTE_SERVICE_URL: quote.url,
    FLEET_SERVICE_URL: fleet.url,
    ...extraEnv,
  });
  return { quote, booking, bus, saved, stop: () => stack.stop() };
}

async function call(url: string, method = 'GET', body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

/** Waits for the outbox relay to publish and the bus to deliver, then a little more to catch duplicates. */
async function settle(stack: Stack): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await stack.bus.idle();
    const pending = await stack.booking.infra.store.collection('bookings').count({ 'outbox.0': { $exists: true } });
    if (pending === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 50));
  await stack.bus.idle();
}

describe('save for later and retrieve by code', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('re-prices the quote on the server, stores it unpaid and answers {data}', async () => {
    const r = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', {
      date: new Date().toISOString(),
      quote: shownQuote,
    });
    expect(r.status).toBe(201);
    const data = r.json.data;
    expect(data.quote.name).toBe('Jane Doe');
    // Ali's house card gives 3 × (45 + 5) + 5 × 3 × 2 = £180, the price shown; the tampered totalSecond is the server's again.
    expect(data.quote).toMatchObject({
      totalPrice: 180,
      totalSecond: 10800,
      driverId: 'drv-ali-hassan',
      date: MOVE_DATE,
      percentage: null,
    });
    expect(data).toMatchObject({ paymentStatus: 'unpaid', OutstandingBalance: 180, percentage: null, date: NOW });
    expect(data.randomNumber).toBeGreaterThanOrEqual(1);
    expect(data.randomNumber).toBeLessThanOrEqual(10_000_000);
    expect(data).not.toHaveProperty('outbox');
    expect(data).not.toHaveProperty('driver');

    const stored = await call(`${stack.booking.url}/internal/bookings/${data._id}`);
    expect(stored.json).toMatchObject({
      reviewRequest: false,
      deletedAt: null,
      driver: {
        id: 'drv-ali-hassan',
        name: 'Ali Hassan',
        email: 'ali.hassan@drivers.vanhop.example',
        phone: '07700900101',
      },
      request: { vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3, driverId: 'drv-ali-hassan' },
    });

    const back = await call(`${stack.booking.url}/api/saveRetrieve?randomNumber=${data.randomNumber}`);
    expect(back.status).toBe(200);
    expect(back.json).toEqual([
      {
        _id: data._id,
        randomNumber: data.randomNumber,
        date: NOW,
        quote: data.quote,
        paymentStatus: 'unpaid',
        OutstandingBalance: 180,
        percentage: null,
        state: 'active',
        statusText: 'Not paid yet',
      },
    ]);
  });

  it('publishes QuoteSaved exactly once per save, through the outbox', async () => {
    const before = stack.saved.length;
    const r = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', { quote: shownQuote, randomNumber: 777 });
    expect(r.status).toBe(201);
    await settle(stack);
    const mine = stack.saved.filter((e) => (e.data as { randomNumber: number }).randomNumber === 777);
    expect(mine).toHaveLength(1);
    expect(stack.saved.length - before).toBe(1);
    expect(mine[0]!.data).toMatchObject({
      bookingId: r.json.data._id,
      randomNumber: 777,
      customer: { name: 'Jane Doe', email: 'jane@example.com', phone: '07700900123' },
      date: MOVE_DATE,
      totalPricePence: 18000,
      pricePerHalfHourPence: 3000,
      retrievePath: '/retrieve/777',
      // Which move was saved, for the mail and the text.
      vanSize: r.json.data.quote.typeofVan,
      helpLevel: r.json.data.quote.typeOfWorker,
    });
    const saved = r.json.data.quote as { places?: string[]; driverName?: string };
    if (saved.places?.length) expect((mine[0]!.data as { places?: string[] }).places).toEqual(saved.places);
    if (saved.driverName) expect((mine[0]!.data as { driverName?: string }).driverName).toBe(saved.driverName);
    expect(mine[0]!.producer).toBe('booking');
  });

  it('refuses (409) a quote whose shown price is not the server price of its move; a quote showing no price is priced', async () => {
    const count = () => stack.booking.infra.store.collection('bookings').count({});
    const before = await count();
    const tampered = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', {
      quote: { ...shownQuote, totalPrice: 1 },
    });
    expect(tampered.status).toBe(409);
    expect(tampered.json.message).toBe(MSG.quote.priceChanged);
    // The Large-van price kept after the move became a Luton for 5 hours.
    const changed = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', {
      quote: { ...shownQuote, typeofVan: 'Luton', totalHour: 5 },
    });
    expect(changed.status).toBe(409);
    expect(changed.json.message).toBe(MSG.quote.priceChanged);
    expect(await count()).toBe(before);

    const { totalPrice: _shown, ...legacy } = shownQuote;
    const priced = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', { quote: legacy });
    expect(priced.status).toBe(201);
    expect(priced.json.data.quote.totalPrice).toBe(180);
  });

  it('refuses a code already in use', async () => {
    const r = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', { quote: shownQuote, randomNumber: 777 });
    expect(r.status).toBe(409);
  });

  it('refuses an incomplete quote with the form messages', async () => {
    const r = await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', {
      quote: { ...shownQuote, name: '', email: 'bad' },
    });
    expect(r.status).toBe(400);
    expect(r.json.errors).toMatchObject({ name: MSG.booking.nameRequired, email: MSG.booking.emailInvalid });
    expect((await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', { randomNumber: 5 })).status).toBe(400);
    expect(
      (await call(`${stack.booking.url}/api/saveRetrieve`, 'POST', { quote: shownQuote, randomNumber: { $gt: 0 } }))
        .status,
    ).toBe(400);
  });

  it('rejects object-shaped and non-numeric codes and reveals nothing', async () => {
    for (const q of [
      'randomNumber[$gt]=0',
      'randomNumber[$ne]=1',
      'randomNumber=abc',
      'randomNumber=0',
      'randomNumber=1&randomNumber=2',
      '',
    ]) {
      const r = await call(`${stack.booking.url}/api/saveRetrieve?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.text).not.toContain('Jane');
    }
    const missing = await call(`${stack.booking.url}/api/saveRetrieve?randomNumber=9999999`);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('No saved quote matches that code.');
  });

  it('POST /internal/bookings stores an unpaid record without announcing it', async () => {
    const before = stack.saved.length;
    // Ali's price without Ali: the cheapest driver's record would not be the price shown.
    const mismatched = await call(`${stack.booking.url}/internal/bookings`, 'POST', {
      quote: { ...shownQuote, driverId: undefined },
    });
    expect(mismatched.status).toBe(409);
    expect(mismatched.json.message).toBe(MSG.quote.priceChanged);
    const r = await call(`${stack.booking.url}/internal/bookings`, 'POST', {
      quote: { ...shownQuote, driverId: undefined, totalPrice: 162 },
    });
    expect(r.status).toBe(201);
    // No driver chosen: the cheapest offer in all the customer pays (Marta Nowak, £162; Dave Wilson's
    // £156 carries £12.50 ULEZ on the day).
    expect(r.json).toMatchObject({
      paymentStatus: 'unpaid',
      OutstandingBalance: 162,
      quote: { totalPrice: 162, driverId: 'drv-marta-nowak' },
      driver: { id: 'drv-marta-nowak' },
      deletedAt: null,
    });
    expect(r.json).not.toHaveProperty('outbox');
    await settle(stack);
    expect(stack.saved.length).toBe(before);
    expect((await call(`${stack.booking.url}/internal/bookings/by-code/${r.json.randomNumber}`)).json._id).toBe(
      r.json._id,
    );
  });
});

describe('retrieve rate limit', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ RETRIEVE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => stack.stop());

  it('answers 429 once a client has used its retrieves for the minute', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await call(`${stack.booking.url}/api/saveRetrieve?randomNumber=${100 + i}`)).status);
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
