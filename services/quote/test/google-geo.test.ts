import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '@vanhop/platform';
import { EmbeddedGeo } from '../src/adapters/embedded-geo.js';
import { loadGeoTable, locateGeoDataDir } from '../src/adapters/geo-data.js';
import { GoogleGeo } from '../src/adapters/google-geo.js';
import { address, post, startQuote } from './support.js';
import { geoPortContract } from './geo-port-contract.js';

/** Answers shaped like Google's Geocoding and Directions JSON (trimmed recordings), keyed by what was asked. */
const GEOCODE: Record<string, unknown> = {
  'SW1A 1AA, UK': {
    status: 'OK',
    results: [
      {
        address_components: [
          { long_name: 'SW1A 1AA', short_name: 'SW1A 1AA', types: ['postal_code'] },
          { long_name: 'London', short_name: 'London', types: ['postal_town'] },
          { long_name: 'United Kingdom', short_name: 'GB', types: ['country', 'political'] },
        ],
        formatted_address: 'London SW1A 1AA, UK',
        geometry: { location: { lat: 51.501009, lng: -0.1415876 }, location_type: 'APPROXIMATE' },
        place_id: 'ChIJ-sample-1',
        types: ['postal_code'],
      },
    ],
  },
  'Wembley, UK': {
    status: 'OK',
    results: [
      {
        address_components: [
          { long_name: 'Wembley', short_name: 'Wembley', types: ['postal_town'] },
          { long_name: 'United Kingdom', short_name: 'GB', types: ['country', 'political'] },
        ],
        formatted_address: 'Wembley, UK',
        geometry: { location: { lat: 51.5588, lng: -0.2817 }, location_type: 'APPROXIMATE' },
        types: ['locality', 'political'],
      },
    ],
  },
  'London NW2, UK': {
    status: 'OK',
    results: [
      {
        address_components: [
          { long_name: 'NW2', short_name: 'NW2', types: ['postal_code', 'postal_code_prefix'] },
          { long_name: 'United Kingdom', short_name: 'GB', types: ['country', 'political'] },
        ],
        formatted_address: 'London NW2, UK',
        geometry: { location: { lat: 51.5578, lng: -0.2173 } },
      },
    ],
  },
  'Denied, UK': { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] },
};

const requests: URL[] = [];
let server: http.Server;
let baseUrl: string;
let geo: GoogleGeo;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    requests.push(url);
    res.setHeader('Content-Type', 'application/json');
    if (url.searchParams.get('key') !== 'test-key')
      return void res.end(JSON.stringify({ status: 'REQUEST_DENIED', error_message: 'bad key' }));
    if (url.pathname === '/maps/api/geocode/json') {
      return void res.end(
        JSON.stringify(GEOCODE[url.searchParams.get('address')!] ?? { status: 'ZERO_RESULTS', results: [] }),
      );
    }
    if (url.pathname === '/maps/api/directions/json') {
      const waypoints = url.searchParams.get('waypoints');
      if (url.searchParams.get('destination') === '0,0')
        return void res.end(JSON.stringify({ status: 'ZERO_RESULTS', routes: [] }));
      const legs = waypoints
        ? [
            { distance: { text: '3.1 mi', value: 4989 }, duration: { text: '14 mins', value: 840 } },
            { distance: { text: '7.9 mi', value: 12714 }, duration: { text: '31 mins', value: 1860 } },
          ]
        : [{ distance: { text: '10.0 mi', value: 16093 }, duration: { text: '38 mins', value: 2280 } }];
      return void res.end(
        JSON.stringify({ status: 'OK', geocoded_waypoints: [], routes: [{ summary: 'A406', legs }] }),
      );
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const offline = new EmbeddedGeo(loadGeoTable(locateGeoDataDir([path.dirname(fileURLToPath(import.meta.url))])));
  geo = new GoogleGeo({ apiKey: 'test-key', baseUrl, timeoutMs: 2000, offline });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Google Maps adapter against a local server', () => {
  geoPortContract(() => geo);

  it('geocodes within Great Britain and reads the outward code', async () => {
    expect(await geo.geocode('SW1A 1AA, UK')).toEqual({
      label: 'London SW1A 1AA, UK',
      lat: 51.501009,
      lng: -0.1415876,
      outcode: 'SW1A',
    });
    expect(await geo.geocode('London NW2, UK')).toMatchObject({ outcode: 'NW2' });
    const last = requests[requests.length - 1]!;
    expect(last.searchParams.get('components')).toBe('country:GB');
    expect(last.searchParams.get('key')).toBe('test-key');
  });
  it('falls back to the nearest district when Google gives no postcode', async () => {
    expect(await geo.geocode('Wembley, UK')).toMatchObject({
      label: 'Wembley, UK',
      outcode: expect.stringMatching(/^HA/),
    });
  });
  it('answers null for no results and an upstream error for a refused key', async () => {
    expect(await geo.geocode('Nowhere at all')).toBeNull();
    await expect(geo.geocode('Denied, UK')).rejects.toBeInstanceOf(UpstreamError);
    const badKey = new GoogleGeo({
      apiKey: 'wrong',
      baseUrl,
      timeoutMs: 2000,
      offline: { autocomplete: async () => [], nearestOutcode: () => 'NW2' },
    });
    await expect(badKey.geocode('Wembley, UK')).rejects.toThrow(/REQUEST_DENIED/);
  });
  it('measures each leg with the Directions API, via stops as waypoints', async () => {
    const p = (lat: number, lng: number) => ({ label: 'x', lat, lng, outcode: null });
    const r = await geo.route([p(51.55, -0.22), p(51.56, -0.28), p(51.51, -0.14)]);
    expect(r).toEqual({
      miles: round2((4989 + 12714) / 1609.344),
      seconds: 2700,
      legs: [
        { miles: 3.1, seconds: 840 },
        { miles: 7.9, seconds: 1860 },
      ],
    });
    const call = requests[requests.length - 1]!;
    expect(call.pathname).toBe('/maps/api/directions/json');
    expect(call.searchParams.get('waypoints')).toBe('51.56,-0.28');
    expect(call.searchParams.get('mode')).toBe('driving');
  });
  it('falls back to the offline estimate when Google has no driving route', async () => {
    const r = await geo.route([
      { label: 'a', lat: 51.5, lng: -0.2, outcode: null },
      { label: 'b', lat: 0, lng: 0, outcode: null },
    ]);
    expect(r.miles).toBeGreaterThan(3000);
  });
  it('gives an upstream error when Google cannot be reached', async () => {
    const dead = new GoogleGeo({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
      offline: { autocomplete: async () => [], nearestOutcode: () => 'NW2' },
    });
    await expect(dead.geocode('Wembley, UK')).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('quote service with GOOGLE_MAPS_API_KEY', () => {
  it('prices with Google distances: a 10-mile route gives the £195 reference on the house card', async () => {
    const svc = await startQuote({ GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_BASE_URL: baseUrl });
    try {
      const { status, json } = await post(`${svc.url}/internal/quotes/price`, {
        addresses: [address('London NW2, UK', 1), address('SW1A 1AA, UK', 1)],
        vanSize: 'Large',
        driverHelp: 'Driver-Help',
        hour: 3,
        date: '2026-01-20T10:00:00.000Z',
        description: 'Flat',
        name: 'Jane Doe',
        email: 'jane@example.com',
        phone: '07700900123',
        driverId: 'drv-ali-hassan',
      });
      expect(status).toBe(200);
      // 16,093 m = 10.00 miles: 3 × (£45 + £5) + £5 × 3 × 2 flights + 10 × £1.50 = £195.00
      expect(json.quote).toMatchObject({
        travelMiles: 10,
        travelHour: 2280,
        totalPrice: 195,
        driverId: 'drv-ali-hassan',
      });
      // Asking again re-uses the remembered geocoding: only the route goes to Google.
      const before = requests.filter((u) => u.pathname === '/maps/api/geocode/json').length;
      const again = await post(`${svc.url}/api/booking`, {
        addresses: [address('London NW2, UK', 1), address('SW1A 1AA, UK', 1)],
        vanSize: 'Large',
        driverHelp: 'Driver-Help',
      });
      expect(again.status).toBe(200);
      expect(requests.filter((u) => u.pathname === '/maps/api/geocode/json').length).toBe(before);
    } finally {
      await svc.cleanup();
    }
  });
});

const round2 = (n: number) => Math.round(n * 100) / 100;
