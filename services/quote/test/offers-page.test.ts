import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogger,
  EmbeddedDocumentStore,
  fixedClock,
  MemoryEventBus,
  startService,
  type RunningService,
} from '@vanhop/platform';
import { startSupplyPair, type SupplyPair } from '../../../test/support/supply-pair.js';
import { MAX_OFFERS } from '@vanhop/contracts';
import { DriverRepository } from '../../fleet/src/adapters/driver-repository.js';
import { driverCanTake } from '@vanhop/contracts';
import { availabilityCovers, moveWindow } from '@vanhop/contracts';
import { syntheticFleet } from '../../../test/support/synthetic-fleet.js';
import { complete, get, MOVE_DATE, NOW, post } from './support.js';

/** 300 drivers around London, stored before the service starts (no demo drivers). */
const FLEET = syntheticFleet(300, 17);

let svc: SupplyPair;
let dataDir: string;
const running: RunningService[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-offers-page-'));
  // In the fleet's store: its start publishes every card (the backfill), which quote's model prices from.
  const store = new EmbeddedDocumentStore(path.join(dataDir, 'fleet'));
  const drivers = new DriverRepository(store);
  for (const d of FLEET) await drivers.insert({ ...d, version: 1 });
  await store.close();
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  svc = await startSupplyPair(async (def, env) => {
    const config = def.loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DRIVERS: 'false',
      ...env,
    });
    const service = await startService(def as never, config, { bus, clock: fixedClock(NOW) });
    running.push(service);
    return service;
  }, bus);
});
afterAll(async () => {
  await svc.close();
  for (const service of running.reverse()) await service.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type OfferJson = {
  driverId: string;
  totalPrice: number;
  rating: number;
  reviewCount: number;
  chargesOnTheDay: { label: string; amount: number | null }[];
};
/** What the customer pays in all that is known: the price and the charges on the day with an amount. */
const allIn = (o: OfferJson) =>
  Math.round((o.totalPrice + o.chargesOnTheDay.reduce((sum, c) => sum + (c.amount ?? 0), 0)) * 100);
const hasUlezCharge = (o: OfferJson) => o.chargesOnTheDay.some((c) => c.label.startsWith('ULEZ') && c.amount !== null);
const quote = (query = '') => post(`${svc.url}/api/booking${query}`, complete);

/** Every offer, page after page, as a client asking for "more" would get them. */
async function allPages(sort: string, filters = ''): Promise<OfferJson[][]> {
  const pages: OfferJson[][] = [];
  for (let offset = 0; ; offset += MAX_OFFERS) {
    const { status, json } = await quote(`?offersSort=${sort}&offersOffset=${offset}${filters}`);
    expect(status).toBe(200);
    if (json.offers.length === 0) return pages;
    pages.push(json.offers);
  }
}

describe('POST /api/booking with a fleet of 300', () => {
  it('answers a capped first page with the count of every driver who can take the move', async () => {
    const pickup = (await get(`${svc.url}/api/geo/geocode?address=${encodeURIComponent('London NW2, UK')}`)).json
      .results[0].geometry.location;
    const expected = FLEET.filter(
      (d) =>
        driverCanTake(d, { vanSize: 'Large', helpLevel: 'Driver-Help', pickup }) &&
        availabilityCovers(d.availability, moveWindow(new Date(MOVE_DATE), 3, d.card.minimumHours)),
    );
    expect(expected.length).toBeGreaterThan(50);
    const { status, json } = await quote();
    expect(status).toBe(200);
    expect(json.offers).toHaveLength(MAX_OFFERS);
    expect(json.offersTotal).toBe(expected.length);
    expect(json).toMatchObject({ offersSort: 'price', offersOffset: 0 });
    // The quote is priced from the cheapest, which is the first offer.
    expect(json.quote.driverId).toBe(json.offers[0].driverId);
  });

  it('pages through every driver once, and the first page holds the cheapest, the best rated and the soonest free', async () => {
    const { json: first } = await quote();
    for (const sort of ['price', 'rating', 'soonest']) {
      const pages = await allPages(sort);
      const all = pages.flat();
      expect(new Set(all.map((o) => o.driverId)).size).toBe(all.length);
      expect(all).toHaveLength(first.offersTotal);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(MAX_OFFERS);
      const cheapest = Math.min(...all.map(allIn));
      const best = Math.max(...all.map((o) => o.rating));
      expect(pages[0]!.some((o) => allIn(o) === cheapest)).toBe(true);
      expect(pages[0]!.some((o) => o.rating === best)).toBe(true);
      // Each page in the order asked for; the pages after the first carry on in it (the first may
      // have brought the highlights forward).
      const key = (o: OfferJson) => (sort === 'price' ? allIn(o) : sort === 'rating' ? -o.rating : 0);
      const inOrder = (list: OfferJson[]) => list.every((o, i) => i === 0 || key(list[i - 1]!) <= key(o));
      for (const page of pages) expect(inOrder(page)).toBe(true);
      expect(inOrder(pages.slice(1).flat())).toBe(true);
    }
  });

  it('orders by soonest free: a driver booked until the move starts comes after those free before it', async () => {
    const { json: before } = await quote('?offersSort=soonest');
    const booked = before.offers[0].driverId;
    const hold = await post(`${svc.url}/internal/drivers/${booked}/holds`, {
      bookingId: 'earlier-job',
      start: new Date(Date.parse(MOVE_DATE) - 2 * 3_600_000).toISOString(),
      end: MOVE_DATE,
      expiresAt: new Date(Date.parse(NOW) + 30 * 60_000).toISOString(),
    });
    expect(hold.status, JSON.stringify(hold.json)).toBe(201);
    const { json: after } = await quote('?offersSort=soonest');
    // Still offered (free from the start), no longer first: the others have been free all morning.
    expect(after.offersTotal).toBe(before.offersTotal);
    expect(after.offers[0].driverId).not.toBe(booked);
    // Still the cheapest, so still on the first page, but last in its order.
    expect(after.offers.at(-1).driverId).toBe(booked);
  });

  it('refuses a bad sort, offset or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?offersSort=cheap', 'offersSort'],
      ['?offersOffset=-1', 'offersOffset'],
      ['?offersOffset=abc', 'offersOffset'],
      ['?offersOffset=1&offersOffset=2', 'offersOffset'],
      ['?offersLimit=13', 'offersLimit'],
      ['?offersLimit=0', 'offersLimit'],
    ] as const) {
      const { status, json } = await quote(query);
      expect(status, query).toBe(400);
      expect(Object.keys(json.errors ?? {}), query).toContain(field);
    }
    const small = await quote('?offersLimit=5&offersSort=rating');
    expect(small.status).toBe(200);
    expect(small.json.offers.length).toBeLessThanOrEqual(5);
  });

  it('a chosen driver beyond the first page is still priced and booked for', async () => {
    const pages = await allPages('price');
    const far = pages.at(-1)!.at(-1)!;
    expect(pages[0]!.map((o) => o.driverId)).not.toContain(far.driverId);
    const { status, json } = await post(`${svc.url}/internal/quotes/price`, { ...complete, driverId: far.driverId });
    expect(status).toBe(200);
    expect(json.quote).toMatchObject({ driverId: far.driverId, totalPrice: far.totalPrice });
  });

  it('ranks by what is paid in all: a van that is not ULEZ compliant carries its £12.50 on the day into the order', async () => {
    const pages = await allPages('price');
    const all = pages.flat();
    // The move is inside the ULEZ: some vans pay it, and that changes who is cheaper.
    expect(all.some(hasUlezCharge)).toBe(true);
    expect(all.some((o) => !hasUlezCharge(o))).toBe(true);
    const byTotal = [...all].sort((a, b) => a.totalPrice - b.totalPrice);
    const byAllIn = [...all].sort((a, b) => allIn(a) - allIn(b));
    expect(byAllIn.map((o) => o.driverId)).not.toEqual(byTotal.map((o) => o.driverId));
    for (const page of pages) expect(page.every((o, i) => i === 0 || allIn(page[i - 1]!) <= allIn(o))).toBe(true);
    // The first offer and the one the quote is priced from are the cheapest all in.
    const { json } = await quote();
    expect(json.offers[0].driverId).toBe(byAllIn[0]!.driverId);
    expect(json.quote.driverId).toBe(byAllIn[0]!.driverId);
  });

  it('filters on the server: the count, the pages and the highlights are of the drivers that match', async () => {
    const everyone = (await allPages('price')).flat();
    const cap = Math.round(everyone[Math.floor(everyone.length / 2)]!.totalPrice + 12.5);
    const cases: [string, (o: OfferJson) => boolean, Record<string, unknown>][] = [
      ['&offersMinRating=4.5', (o) => o.rating >= 4.5, { minRating: 4.5 }],
      ['&offersMinRating=4', (o) => o.rating >= 4, { minRating: 4 }],
      ['&offersUlezCompliant=true', (o) => !hasUlezCharge(o), { ulezCompliant: true }],
      [`&offersMaxPrice=${cap}`, (o) => allIn(o) <= cap * 100, { maxPricePounds: cap }],
      [
        `&offersMinRating=4&offersUlezCompliant=true&offersMaxPrice=${cap}`,
        (o) => o.rating >= 4 && !hasUlezCharge(o) && allIn(o) <= cap * 100,
        { minRating: 4, ulezCompliant: true, maxPricePounds: cap },
      ],
    ];
    for (const [filters, keeps, echoed] of cases) {
      const expected = everyone.filter(keeps);
      expect(expected.length, filters).toBeGreaterThan(MAX_OFFERS);
      expect(expected.length, filters).toBeLessThan(everyone.length);
      const { json: first } = await quote(`?offersSort=rating${filters}`);
      expect(first.offersTotal, filters).toBe(expected.length);
      expect(first.offersFilter, filters).toEqual(echoed);
      // The cheapest among what matches is on the first page, whatever the order.
      const cheapest = Math.min(...expected.map(allIn));
      expect(
        first.offers.some((o: OfferJson) => allIn(o) === cheapest),
        filters,
      ).toBe(true);
      const pages = (await allPages('price', filters)).flat();
      expect(pages.map((o) => o.driverId).sort(), filters).toEqual(expected.map((o) => o.driverId).sort());
    }
  });

  it('answers no offers (and still the quote) when nothing matches the filters', async () => {
    const { status, json } = await quote('?offersMaxPrice=1');
    expect(status).toBe(200);
    expect(json.offers).toEqual([]);
    expect(json.offersTotal).toBe(0);
    expect(json.quote.totalPrice).toBeGreaterThan(1);
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?offersMinRating=3', 'offersMinRating'],
      ['?offersMinRating=high', 'offersMinRating'],
      ['?offersMaxPrice=0', 'offersMaxPrice'],
      ['?offersMaxPrice=12.5', 'offersMaxPrice'],
      ['?offersMaxPrice=100001', 'offersMaxPrice'],
      ['?offersUlezCompliant=yes', 'offersUlezCompliant'],
      ['?offersUlezCompliant=true&offersUlezCompliant=true', 'offersUlezCompliant'],
    ] as const) {
      const { status, json } = await quote(query);
      expect(status, query).toBe(400);
      expect(Object.keys(json.errors ?? {}), query).toContain(field);
      expect(json.errors[field], query).toContain(field);
    }
  });
});
