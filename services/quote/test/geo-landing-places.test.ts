import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// The web app's own list and its own place → address rule: what the landing pages really send to /api/geo/geocode.
import { LANDING_PLACES, placeDisplayName } from '../../../frontend/src/lib/landing-ids.js';
import { EmbeddedGeo } from '../src/adapters/embedded-geo.js';
import { loadGeoTable, locateGeoDataDir } from '../src/adapters/geo-data.js';
import { GEO_ALIASES } from '../src/domain/geo-aliases.js';
import { haversineMiles } from '../src/domain/great-circle.js';
import { get, startQuote } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHARING_CROSS = { lat: 51.50809, lng: -0.12807 };
/** Mainland UK and Northern Ireland, generously boxed. */
const inUk = (p: { lat: number; lng: number }) => p.lat > 49.8 && p.lat < 60.9 && p.lng > -8.7 && p.lng < 1.8;

describe('embedded geocoder on the landing pages and loose place names', () => {
  let geo: EmbeddedGeo;
  beforeAll(() => {
    geo = new EmbeddedGeo(loadGeoTable(locateGeoDataDir([here])));
  });
  const at = async (address: string) => geo.geocode(address);

  it('resolves every landing place, as the landing page writes it, inside the UK', async () => {
    expect(LANDING_PLACES.size).toBe(589);
    const missing: string[] = [];
    for (const place of LANDING_PLACES.values()) {
      const point = await at(placeDisplayName(place));
      if (!point || !inUk(point) || !point.outcode) missing.push(place);
      // The list is of a London firm's local pages: all but two named towns (Newbury, Gloucester) lie within 30 miles.
      else if (haversineMiles(point, CHARING_CROSS) > 30) expect(['Newbury', 'Gloucester']).toContain(place);
    }
    expect(missing).toEqual([]);
  });

  it('places London regions and home counties at their central districts', async () => {
    for (const [address, outcode] of [
      ['East Central London', 'EC1'],
      ['East-London', 'E1'],
      ['north west london', 'NW1'],
      ['West London', 'W1'],
      ['South East London', 'SE1'],
      ['South-West-London', 'SW1'],
      ['West Central London', 'WC1'],
      ['North London', 'N1'],
      ['Surrey', 'GU1'],
      ['Hertfordshire', 'SG14'],
      ['Greater London', 'WC2N'],
      ['Great London', 'WC2N'],
    ] as const) {
      expect(await at(address), address).toMatchObject({ outcode });
    }
    expect(await at('East Central London')).toMatchObject({
      label: 'East Central London, UK',
      lat: 51.52337,
      lng: -0.10305,
    });
  });

  it('reads station names, truncations, suffixes and misspellings', async () => {
    expect(await at('Carerham')).toMatchObject({ label: 'Caterham, UK', outcode: 'CR3' });
    expect(await at('Cannon')).toMatchObject({ label: 'Cannon Street, UK', outcode: 'EC4R' });
    expect(await at('Bank')).toMatchObject({ label: 'Bank and Monument, UK', outcode: 'EC3V' });
    expect(await at('Bank Underground Station')).toMatchObject({ outcode: 'EC3V' });
    expect(await at('Monument')).toMatchObject({ outcode: 'EC3V' });
    expect(await at('Heathrow')).toMatchObject({ label: 'Heathrow, UK', outcode: 'TW6' });
    expect(await at('Heathrow Airport')).toMatchObject({ outcode: 'TW6' });
    expect(await at('Fleet Street')).toMatchObject({ outcode: 'EC4A' });
    expect(await at('Fleet St., London')).toMatchObject({ outcode: 'EC4A' });
    expect(await at('St James Park')).toMatchObject({ label: "St. James's Park, UK" });
    expect(await at('Walton On Thames')).toMatchObject({ label: 'Walton-on-Thames, UK' });
    expect(await at('White Hartlane')).toMatchObject({ label: 'White Hart Lane, UK' });
    expect(await at('Northwood Junction')).toMatchObject({ label: 'Norwood Junction, UK' });
    expect(await at('South Bermonsey')).toMatchObject({ label: 'South Bermondsey, UK' });
    expect(await at('Lower Edmonton')).toMatchObject({ label: 'Edmonton, UK' });
    expect(await at('Fieldway Stop')).toMatchObject({ label: 'Fieldway, UK' });
    expect(await at('Kingston Town')).toMatchObject({ label: 'Kingston, UK' });
    expect(await at('Tottenham Court')).toMatchObject({ label: 'Tottenham Court Road, UK' });
    expect(await at('Watfrod, UK')).toMatchObject({ outcode: 'WD17' });
  });

  it('places every alias inside the UK and near London', async () => {
    for (const alias of GEO_ALIASES) {
      const point = await at(alias.name);
      expect(point, alias.name).not.toBeNull();
      expect(point!.label).toBe(`${alias.name}, UK`);
      expect(haversineMiles(point!, CHARING_CROSS), alias.name).toBeLessThan(45);
    }
  });

  it('refuses to start with an alias pointing outside the tables', () => {
    const table = loadGeoTable(locateGeoDataDir([here]));
    expect(() => new EmbeddedGeo(table, [{ name: 'Nowhere', at: { outcode: 'ZZ9' } }])).toThrow(/ZZ9/);
    expect(() => new EmbeddedGeo(table, [{ name: 'Nowhere', at: { place: 'Atlantis' } }])).toThrow(/Atlantis/);
  });

  it('still refuses nonsense and places abroad', async () => {
    for (const address of [
      'Atlantis',
      'Paris, France',
      'Paris',
      'Sydney',
      'New York',
      'Berlin',
      'Lorem ipsum',
      'Nowhere at all',
      'Richmond, VA, USA',
      'High Street, Atlantis',
      'London Road, Atlantis',
      'Green Lane',
      'ZZ9 9ZZ',
      '   ',
    ]) {
      expect(await at(address), address).toBeNull();
    }
  });

  it('still reads full and partial postcodes first', async () => {
    expect(await at('SW1A 1AA')).toMatchObject({ label: 'SW1A 1AA, UK', outcode: 'SW1A' });
    expect(await at('nw26lr')).toMatchObject({ outcode: 'NW2' });
    expect(await at('London NW2, UK')).toMatchObject({ label: 'London NW2, UK', outcode: 'NW2' });
    expect(await at('Flat 2, 10 Fleet Street, London EC4Y 1AA')).toMatchObject({ outcode: 'EC4Y' });
    expect(await at('Heathrow Airport (LHR), Hounslow, UK')).toMatchObject({ label: 'Hounslow, UK' });
  });
});

describe('GET /api/geo/geocode for landing places', () => {
  it('answers OK for regions, stations and misspellings, ZERO_RESULTS for nonsense', async () => {
    const svc = await startQuote();
    try {
      const geocode = async (address: string) =>
        (await get(`${svc.url}/api/geo/geocode?address=${encodeURIComponent(address)}`)).json;
      expect(await geocode('East Central London')).toEqual({
        status: 'OK',
        results: [
          { formatted_address: 'East Central London, UK', geometry: { location: { lat: 51.52337, lng: -0.10305 } } },
        ],
      });
      for (const address of ['Surrey', 'Cannon', 'Carerham', 'Heathrow'])
        expect((await geocode(address)).status, address).toBe('OK');
      for (const address of ['Atlantis', 'Paris, France'])
        expect(await geocode(address)).toEqual({ status: 'ZERO_RESULTS', results: [] });
    } finally {
      await svc.cleanup();
    }
  });
});
