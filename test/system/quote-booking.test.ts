import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';
import { priceMove } from '../../services/quote/src/domain/pricing.js';
import { address, completeBooking } from '../support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';

/**
 * Through the gateway of the whole embedded product: offers priced as the
 * engine's hand-worked tests say, save → retrieve round trip, tampered price refused, operator
 * injection refused, QuoteSaved exactly once per save.
 */
const NOW = '2026-01-15T08:00:00.000Z';
const MOVE_DATE = '2026-01-20T10:00:00.000Z';
const booking = completeBooking(MOVE_DATE, {
  addresses: [
    address('p', 'London NW2, UK', '12 Example Road', 1),
    address('v', 'Wembley, UK', '12 Example Road', 0),
    address('d', 'London W1, UK', '12 Example Road', 1),
  ],
  description: 'Two-bedroom flat',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '07700900123',
});

let embedded: EmbeddedOnTempDir;
let product: EmbeddedOnTempDir['product'];
const saved: EventEnvelope[] = [];

beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir({}, { clock: fixedClock(NOW) });
  product = embedded.product;
  await product.bus.subscribe('system-test', TOPICS.quoteSaved, async (e) => void saved.push(e));
});
afterAll(async () => {
  await embedded?.stop();
});

const api = async (method: string, pathname: string, body?: unknown) => {
  const res = await fetch(`${product.url}${pathname}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
};

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('quotes and booking records through the gateway', () => {
  let quote: any;

  it('POST /api/booking answers offers priced exactly as the pricing engine', async () => {
    const r = await api('POST', '/api/booking', booking);
    expect(r.status).toBe(200);
    expect(r.json.preliminary).toBe(false);
    expect(r.json.offers.length).toBeGreaterThanOrEqual(5);
    for (const offer of r.json.offers) {
      const card = DEMO_DRIVERS.find((d) => d._id === offer.driverId)!.card;
      const expected = priceMove(
        {
          vanSize: 'Large',
          helpLevel: 'Driver-Help',
          bookedHours: 3,
          flights: [1, 0, 1],
          viaStops: 1,
          routeMiles: r.json.quote.travelMiles,
          start: new Date(MOVE_DATE),
          now: new Date(NOW),
        },
        card,
      );
      expect(Math.round(offer.totalPrice * 100)).toBe(expected.totalPence);
      expect(Math.round(offer.overtimePerHalfHour * 100)).toBe(expected.overtimePerHalfHourPence);
    }
    // House card (Ali): 3 × £50 + £5 × 3 × 2 + £20 via stop + miles × £1.50.
    const ali = r.json.offers.find((o: any) => o.driverId === 'drv-ali-hassan');
    expect(Math.round(ali.totalPrice * 100)).toBe(15000 + 3000 + 2000 + Math.round(r.json.quote.travelMiles * 150));
    expect(r.json.quote.totalPrice).toBe(r.json.offers[0].totalPrice);
    // What the quote panel holds for Ali's offer: the move, with Ali's price.
    quote = { ...r.json.quote, driverId: 'drv-ali-hassan', driverName: 'Ali Hassan', totalPrice: ali.totalPrice };
    quote.expectedTotal = ali.totalPrice;
  });

  it('saves (a tampered price refused, other money fields re-priced), announces once, and retrieves by code', async () => {
    const { expectedTotal, ...shown } = quote;
    const tampered = await api('POST', '/api/saveRetrieve', {
      date: new Date().toISOString(),
      quote: { ...shown, totalPrice: 1 },
    });
    expect(tampered.status).toBe(409);
    const r = await api('POST', '/api/saveRetrieve', {
      date: new Date().toISOString(),
      quote: { ...shown, totalSecond: 1 },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.quote.name).toBe('Jane Doe');
    expect(r.json.data.quote.totalPrice).toBe(expectedTotal);
    const code = r.json.data.randomNumber;

    await waitFor(() => saved.some((e) => (e.data as any).randomNumber === code));
    await new Promise((res) => setTimeout(res, 1500)); // past one relay interval: no second publish
    expect(saved.filter((e) => (e.data as any).randomNumber === code)).toHaveLength(1);
    expect(saved[0]!.data).toMatchObject({
      retrievePath: `/retrieve/${code}`,
      totalPricePence: Math.round(expectedTotal * 100),
    });

    const back = await api('GET', `/api/saveRetrieve?randomNumber=${code}`);
    expect(back.status).toBe(200);
    expect(back.json).toHaveLength(1);
    expect(back.json[0]).toMatchObject({
      randomNumber: code,
      paymentStatus: 'unpaid',
      OutstandingBalance: expectedTotal,
      percentage: null,
      quote: { name: 'Jane Doe', totalPrice: expectedTotal },
    });
  });

  it('refuses operator injection with 400 and reveals no record; unknown codes get a text 404', async () => {
    const r = await api('GET', '/api/saveRetrieve?randomNumber[$gt]=0');
    expect(r.status).toBe(400);
    expect(r.text).not.toContain('Jane');
    const missing = await api('GET', '/api/saveRetrieve?randomNumber=1');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('No saved quote matches that code.');
  });

  it('keeps /internal routes off the gateway and serves the geo API', async () => {
    expect((await api('POST', '/internal/quotes/price', booking)).status).toBe(404);
    const ac = await api('GET', '/api/geo/autocomplete?q=NW2');
    expect(ac.json.predictions[0].label).toBe('London NW2, UK');
    expect((await api('GET', '/api/geo/coverage?address=Wembley%2C%20UK')).json.withinRadius).toBe(true);
  });
});
