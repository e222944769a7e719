import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { NW2_REFERENCE } from '@vanhop/contracts';
import { EmbeddedGeo } from '../src/adapters/embedded-geo.js';
import { loadGeoTable, locateGeoDataDir, parseCsvLine } from '../src/adapters/geo-data.js';
import { haversineMiles, pickupCoverage } from '../src/domain/great-circle.js';
import { findOutcodeTokens, outcodeCandidates, parsePostcodeQuery } from '@vanhop/contracts';
import { estimateRoute, legSeconds, ROAD_FACTOR } from '@vanhop/contracts';
import { chargesOnTheDay, inCongestionZone } from '../src/domain/charges-on-the-day.js';
import { geoPortContract } from './geo-port-contract.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('postcode parsing', () => {
  it('reads full, partial-inward and outcode-prefix queries', () => {
    expect(parsePostcodeQuery('nw2 6lr')).toEqual({ kind: 'full', outcode: 'NW2', inward: '6LR' });
    expect(parsePostcodeQuery('SW1A1AA')).toEqual({ kind: 'full', outcode: 'SW1A', inward: '1AA' });
    expect(parsePostcodeQuery('NW2 6')).toEqual({ kind: 'partial-inward', outcode: 'NW2', inwardStart: '6' });
    expect(parsePostcodeQuery(' ec1v ')).toEqual({ kind: 'outcode-prefix', prefix: 'EC1V' });
    expect(parsePostcodeQuery('N')).toEqual({ kind: 'outcode-prefix', prefix: 'N' });
    expect(parsePostcodeQuery('Wembley')).toBeNull();
    expect(parsePostcodeQuery('123')).toBeNull();
  });
  it('finds outcodes inside labels and falls back from sub-districts', () => {
    expect(findOutcodeTokens('London NW2, UK')).toEqual(['NW2']);
    expect(outcodeCandidates('W1A')).toEqual(['W1A', 'W1']);
    expect(outcodeCandidates('NW10')).toEqual(['NW10']);
  });
  it('parses quoted CSV fields', () => {
    expect(parseCsvLine('EH10,55.9,-3.2,"Morningside, Braid Hill"')).toEqual([
      'EH10',
      '55.9',
      '-3.2',
      'Morningside, Braid Hill',
    ]);
  });
});

describe('distances', () => {
  it('measures great-circle miles with radius 3958.8', () => {
    // London (Charing Cross) to Manchester city centre is about 163 miles as the crow flies.
    const miles = haversineMiles({ lat: 51.50809, lng: -0.12807 }, { lat: 53.4794, lng: -2.2453 });
    expect(miles).toBeGreaterThan(160);
    expect(miles).toBeLessThan(166);
    expect(haversineMiles(NW2_REFERENCE, NW2_REFERENCE)).toBe(0);
  });
  it('checks the 30-mile pickup radius around NW2', () => {
    expect(pickupCoverage(NW2_REFERENCE)).toEqual({ withinRadius: true, miles: 0, radiusMiles: 30 });
    expect(pickupCoverage({ lat: 53.4794, lng: -2.2453 }).withinRadius).toBe(false);
  });
  it('estimates multi-leg routes with the road factor and the speed model', () => {
    const a = { lat: 51.5, lng: -0.2 };
    const b = { lat: 51.6, lng: -0.2 };
    const straight = haversineMiles(a, b);
    const r = estimateRoute([a, b, a]);
    expect(r.legs).toHaveLength(2);
    expect(r.miles).toBeCloseTo(2 * straight * ROAD_FACTOR, 1);
    expect(legSeconds(8)).toBe(1800); // 8 miles at 16 mph
    expect(legSeconds(55)).toBe(2250 + 3600); // 10 at 16 mph + 45 at 45 mph
  });
});

describe('charges payable on the day', () => {
  it('knows the congestion-zone districts and not their neighbours', () => {
    for (const o of ['EC1V', 'EC4', 'WC2N', 'W1', 'W1D', 'SW1A', 'SE1']) expect(inCongestionZone(o)).toBe(true);
    for (const o of ['W10', 'SE10', 'SW11', 'EC5', 'E1', 'NW2', null])
      expect(inCongestionZone(o as string | null)).toBe(false);
  });
  it('lists congestion when pickup or dropoff is in the zone, and ULEZ only for non-compliant vans', () => {
    const nw2 = { ...NW2_REFERENCE, outcode: 'NW2' };
    const soho = { lat: 51.514, lng: -0.132, outcode: 'W1D' };
    const c = chargesOnTheDay({ pickup: nw2, dropoff: soho, stops: [nw2, soho], ulezCompliant: false });
    expect(c[0]).toEqual({ label: 'Congestion charge (07:00 to 22:00 daily)', amount: 15 });
    expect(c[1]!.amount).toBe(12.5);
    const none = chargesOnTheDay({ pickup: nw2, dropoff: nw2, stops: [nw2], ulezCompliant: true });
    expect(none.map((x) => x.amount)).toEqual([null, null]);
  });
});

describe('embedded geo adapter', () => {
  let geo: EmbeddedGeo;
  beforeAll(() => {
    geo = new EmbeddedGeo(loadGeoTable(locateGeoDataDir([here])));
  });

  geoPortContract(() => geo);

  it('finds the data folder from the source tree and from the root', () => {
    expect(locateGeoDataDir([here])).toMatch(/services[/\\]quote[/\\]data$/);
    expect(locateGeoDataDir([path.resolve(here, '../../..')])).toMatch(/services[/\\]quote[/\\]data$/);
  });

  it('autocompletes partial outcodes in natural order with London labels', async () => {
    const s = await geo.autocomplete('nw', 12);
    expect(s.slice(0, 3).map((x) => x.label)).toEqual(['London NW1, UK', 'London NW2, UK', 'London NW3, UK']);
    expect(s[1]).toMatchObject({ kind: 'postcode', outcode: 'NW2', lat: 51.55847, lng: -0.21989 });
    expect((await geo.autocomplete('WD17'))[0]!.label).toBe('Watford WD17, UK');
  });

  it('autocompletes full and partial postcodes', async () => {
    expect(await geo.autocomplete('nw2 6lr')).toEqual([
      { label: 'NW2 6LR, UK', kind: 'postcode', outcode: 'NW2', lat: 51.55847, lng: -0.21989 },
    ]);
    expect((await geo.autocomplete('W1A 1AA'))[0]).toMatchObject({ label: 'W1A 1AA, UK', outcode: 'W1' });
    expect((await geo.autocomplete('NW2 6'))[0]!.label).toBe('London NW2, UK');
    expect(await geo.autocomplete('ZZ9 9ZZ')).toEqual([]);
  });

  it('autocompletes places with their district', async () => {
    const s = await geo.autocomplete('wemb');
    expect(s[0]).toMatchObject({ label: 'Wembley, UK', kind: 'place', outcode: 'HA0' });
    expect((await geo.autocomplete('cricklew'))[0]).toMatchObject({ label: 'Cricklewood, UK', outcode: 'NW2' });
    expect(await geo.autocomplete('   ')).toEqual([]);
  });

  it('geocodes autocomplete labels, Google-style descriptions and full postcodes', async () => {
    expect(await geo.geocode('London NW2, UK')).toEqual({
      label: 'London NW2, UK',
      lat: 51.55847,
      lng: -0.21989,
      outcode: 'NW2',
    });
    expect(await geo.geocode('SW1A 1AA, UK')).toMatchObject({ outcode: 'SW1A', label: 'SW1A 1AA, UK' });
    expect(await geo.geocode('10 Downing Street, London SW1A 2AA, UK')).toMatchObject({ outcode: 'SW1A' });
    expect(await geo.geocode('Wembley, UK')).toMatchObject({ label: 'Wembley, UK', outcode: 'HA0' });
    expect(await geo.geocode('Watford, UK')).toMatchObject({ outcode: 'WD17' });
    expect(await geo.geocode('Abbey Wood, London, UK')).toMatchObject({ label: 'Abbey Wood, UK' });
    expect(await geo.geocode('Camden Town, London, UK')).toMatchObject({ label: 'Camden Town, UK' });
    expect(await geo.geocode('Heathrow Airport (LHR), Hounslow, UK')).toMatchObject({ label: 'Hounslow, UK' });
    // cities whose district rows name neighbourhoods only
    expect(await geo.geocode('London, UK')).toMatchObject({ outcode: 'WC2N' });
    expect(await geo.geocode('Edinburgh, UK')).toMatchObject({ outcode: 'EH1' });
    expect(await geo.geocode('Manchester, UK')).toMatchObject({ outcode: 'M1' });
  });

  it('refuses what is not in the UK tables', async () => {
    expect(await geo.geocode('Paris, France')).toBeNull();
    expect(await geo.geocode('Richmond, VA, USA')).toBeNull();
    expect(await geo.geocode('')).toBeNull();
    expect(await geo.geocode('ZZ9 9ZZ')).toBeNull();
  });

  it('remembers its latest answers, which no caller can change, and forgets the least recently asked', async () => {
    const small = new EmbeddedGeo(loadGeoTable(locateGeoDataDir([here])), undefined, 2);
    const nw2 = await small.geocode('London NW2, UK');
    expect(Object.isFrozen(nw2)).toBe(true);
    expect(() => {
      (nw2 as { lat: number }).lat = 0;
    }).toThrow(TypeError);
    const wembley = await small.geocode('Wembley, UK');
    // Asked again (spaces around it do not matter): the same answer, now the most recently asked.
    expect(await small.geocode('  London NW2, UK ')).toBe(nw2);
    expect(await small.geocode('Paris, France')).toBeNull();
    // Two remembered: Wembley, the least recently asked, made room for Paris.
    expect(await small.geocode('London NW2, UK')).toBe(nw2);
    const again = await small.geocode('Wembley, UK');
    expect(again).not.toBe(wembley);
    expect(again).toEqual(wembley);
  });

  it('routes over via stops', async () => {
    const points = await Promise.all(['London NW2, UK', 'Wembley, UK', 'London W1, UK'].map((a) => geo.geocode(a)));
    const r = await geo.route(points.map((p) => p!));
    expect(r.legs).toHaveLength(2);
    expect(r.miles).toBeGreaterThan(7);
    expect(r.miles).toBeLessThan(15);
    expect(r.seconds).toBe(r.legs[0]!.seconds + r.legs[1]!.seconds);
  });
});
