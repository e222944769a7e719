import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_PATHS, MSG } from '@vanhop/contracts';
import { LANDING_PLACES, placeDisplayName } from '../../../frontend/src/lib/landing-ids.js';
import { EmbeddedGeo } from '../src/adapters/embedded-geo.js';
import { loadGeoTable, locateGeoDataDir } from '../src/adapters/geo-data.js';
import { address, complete, post, startQuote } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A quote prices a stop only as what it says: a label the offline geocoder issues itself, or a real
 * postcode or district. A text naming two places ("Edinburgh, UK London NW2") is refused, never
 * priced at the district written inside it while its driver reads another town.
 */
describe('the offline geocoder reads a chosen stop strictly', () => {
  let geo: EmbeddedGeo;
  beforeAll(() => {
    geo = new EmbeddedGeo(loadGeoTable(locateGeoDataDir([here])));
  });
  const read = (label: string) => geo.readLabel(label);

  it('refuses a label naming two places, whatever district it carries', async () => {
    for (const label of [
      'Edinburgh, UK London NW2',
      'Manchester, UK NW2',
      'Edinburgh, UK NW2 6LR',
      'Manchester, London NW2, UK',
      'London NW2, UK, Edinburgh',
      'Edinburgh EH1, London NW2',
      'Edinburgh, Manchester',
    ]) {
      expect(await read(label), label).toEqual({ kind: 'two-places' });
    }
  });

  it('reads the far places themselves as they are, to be priced for their real distance', async () => {
    expect(await read('Edinburgh, UK')).toMatchObject({
      kind: 'place',
      point: { label: 'Edinburgh, UK', outcode: 'EH1' },
    });
    expect(await read('Manchester, UK')).toMatchObject({
      kind: 'place',
      point: { label: 'Manchester, UK', outcode: 'M1' },
    });
  });

  it('reads every district label and every landing place’s suggestions and answer as the place they name', async () => {
    const labels = new Set<string>();
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
      for (const s of await geo.autocomplete(letter, 10_000)) labels.add(s.label);
    expect(labels.size).toBeGreaterThan(2500);
    for (const place of LANDING_PLACES.values()) {
      const name = placeDisplayName(place);
      for (const s of await geo.autocomplete(name)) labels.add(s.label);
      // The answer the landing page's map gets is itself a label it may send back.
      const answer = await geo.geocode(name);
      if (answer) labels.add(answer.label);
    }
    const wrong: string[] = [];
    for (const label of labels) {
      const reading = await read(label);
      const geocoded = await geo.geocode(label);
      if (reading.kind !== 'place' || reading.point.label !== label || reading.point.outcode !== geocoded?.outcode)
        wrong.push(`${label}: ${JSON.stringify(reading)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads a real postcode or district alone, in any case and spacing', async () => {
    expect(await read('NW2')).toMatchObject({ kind: 'place', point: { outcode: 'NW2' } });
    expect(await read('nw2 6lr')).toMatchObject({ kind: 'place', point: { label: 'NW2 6LR, UK', outcode: 'NW2' } });
    expect(await read('SW1A1AA, uk')).toMatchObject({ kind: 'place', point: { outcode: 'SW1A' } });
    expect(await read('W1A 1AA')).toMatchObject({ kind: 'place', point: { outcode: 'W1' } });
    expect(await read('  london   nw2 ')).toMatchObject({ kind: 'place', point: { label: 'London NW2, UK' } });
  });

  it('refuses loose texts it only guesses at, and what it does not know', async () => {
    for (const label of ['Kingston Town', 'Carerham', 'Cannon', 'Lower Edmonton', 'ZZ9 9ZZ', 'Atlantis', 'NW', ''])
      expect(await read(label), label).toEqual({ kind: 'unknown' });
  });
});

describe('POST /api/booking and the internal pricing refuse a stop naming two places', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  beforeAll(async () => {
    svc = await startQuote({ SEED_DEMO_DRIVERS: 'true' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });
  const withStops = (pickup: string, dropoff: string) => ({
    ...complete,
    addresses: [address(pickup, 1), { ...address(dropoff, 0), id: 'a-dropoff' }],
  });

  it('a drop-off naming Edinburgh and NW2 is refused, naming the field, instead of priced at NW2', async () => {
    const res = await post(`${svc.url}/api/booking`, withStops('London NW2, UK', 'Edinburgh, UK London NW2'));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      message: MSG.home.twoPlaces,
      errors: { 'addresses[1].location': MSG.home.twoPlaces },
    });
  });

  it('a pickup naming Manchester and NW2 is refused, not let through the 30-mile rule', async () => {
    const res = await post(`${svc.url}/api/booking`, withStops('Manchester, UK NW2', 'London NW2, UK'));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'addresses[0].location': MSG.home.twoPlaces });
    // Manchester itself is read as Manchester: outside the area.
    const far = await post(`${svc.url}/api/booking`, withStops('Manchester, UK', 'London NW2, UK'));
    expect(far.status).toBe(400);
    expect(far.json.errors).toEqual({ 'addresses[0].location': MSG.home.outOfArea });
  });

  it('a loose text is to be chosen from the list; the suggestions’ labels and postcodes are priced', async () => {
    const loose = await post(`${svc.url}/api/booking`, withStops('London NW2, UK', 'Kingston Town'));
    expect(loose.status).toBe(400);
    expect(loose.json.errors).toEqual({ 'addresses[1].location': MSG.home.selectFromList });
    for (const [pickup, dropoff, hour] of [
      ['London NW2, UK', 'Edinburgh, UK', 11],
      ['NW2 6LR', 'Cricklewood, UK', 3],
      ['nw2', 'Wembley, UK', 3],
    ] as const) {
      const res = await post(`${svc.url}/api/booking`, { ...withStops(pickup, dropoff), hour });
      expect(res.status, `${pickup} → ${dropoff}`).toBe(200);
    }
  });

  it('the internal pricing the booking service calls refuses it the same way', async () => {
    const res = await post(
      `${svc.url}${INTERNAL_PATHS.price}`,
      withStops('London NW2, UK', 'Edinburgh, UK London NW2'),
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ 'addresses[1].location': MSG.home.twoPlaces });
  });
});
