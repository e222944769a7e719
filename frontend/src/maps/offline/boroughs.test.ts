import { describe, expect, it } from 'vitest';
import { BOROUGH_ARCS, BOROUGHS } from './borough-data';
import { boroughAt, boroughOutlinePath, decodeBoroughs, isInBorough } from './boroughs';
import { GEOGRAPHY } from './geography';
import type { LatLng } from '../types';

const layer = decodeBoroughs(BOROUGH_ARCS, BOROUGHS);
const borough = (name: string) => layer.boroughs.find((b) => b.name === name)!;
const place = (name: string): LatLng => {
  const found = GEOGRAPHY.places.find((p) => p.name === name);
  if (!found) throw new Error(`no place ${name}`);
  return found;
};

const LONDON_BOROUGHS = [
  'Barking and Dagenham',
  'Barnet',
  'Bexley',
  'Brent',
  'Bromley',
  'Camden',
  'City of London',
  'Croydon',
  'Ealing',
  'Enfield',
  'Greenwich',
  'Hackney',
  'Hammersmith and Fulham',
  'Haringey',
  'Harrow',
  'Havering',
  'Hillingdon',
  'Hounslow',
  'Islington',
  'Kensington and Chelsea',
  'Kingston upon Thames',
  'Lambeth',
  'Lewisham',
  'Merton',
  'Newham',
  'Redbridge',
  'Richmond upon Thames',
  'Southwark',
  'Sutton',
  'Tower Hamlets',
  'Waltham Forest',
  'Wandsworth',
  'Westminster',
];

describe('approximate London boroughs', () => {
  it('has the City of London and the 32 boroughs, each with a polygon', () => {
    expect(layer.boroughs.map((b) => b.name).sort()).toEqual(LONDON_BOROUGHS);
    for (const b of layer.boroughs) {
      expect(b.rings.length, b.name).toBeGreaterThan(0);
      for (const ring of b.rings) expect(ring.length, b.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('puts Camden Town in Camden and not in Islington', () => {
    expect(isInBorough(borough('Camden'), place('Camden Town'))).toBe(true);
    expect(isInBorough(borough('Islington'), place('Camden Town'))).toBe(false);
  });

  it('puts each borough town centre in its own borough', () => {
    const centres: [string, string][] = [
      ['Barking', 'Barking and Dagenham'],
      ['Chipping Barnet', 'Barnet'],
      ['Bexleyheath', 'Bexley'],
      ['Wembley', 'Brent'],
      ['Orpington', 'Bromley'],
      ['Hampstead', 'Camden'],
      ['Barbican', 'City of London'],
      ['Croydon', 'Croydon'],
      ['Ealing', 'Ealing'],
      ['Enfield Town', 'Enfield'],
      ['Woolwich', 'Greenwich'],
      ['Dalston', 'Hackney'],
      ['Hammersmith', 'Hammersmith and Fulham'],
      ['Wood Green', 'Haringey'],
      ['Pinner', 'Harrow'],
      ['Romford', 'Havering'],
      ['Uxbridge', 'Hillingdon'],
      ['Feltham', 'Hounslow'],
      ['Angel', 'Islington'],
      ['Chelsea', 'Kensington and Chelsea'],
      ['Surbiton', 'Kingston upon Thames'],
      ['Brixton', 'Lambeth'],
      ['Catford', 'Lewisham'],
      ['Morden', 'Merton'],
      ['Stratford', 'Newham'],
      ['Ilford', 'Redbridge'],
      ['Twickenham', 'Richmond upon Thames'],
      ['Peckham', 'Southwark'],
      ['Cheam', 'Sutton'],
      ['Whitechapel', 'Tower Hamlets'],
      ['Walthamstow', 'Waltham Forest'],
      ['Tooting', 'Wandsworth'],
      ['Westminster', 'Westminster'],
    ];
    for (const [name, expected] of centres) expect(boroughAt(layer, place(name))?.name, name).toBe(expected);
  });

  it('puts areas the source lists under two or three boroughs in one of them', () => {
    const straddling: [string, string[]][] = [
      ['Kilburn', ['Brent', 'Camden']],
      ['Clapham', ['Lambeth', 'Wandsworth']],
      ['Acton', ['Ealing', 'Hammersmith and Fulham']],
      ['Chiswick', ['Hounslow', 'Ealing', 'Hammersmith and Fulham']],
      ['Temple', ['City of London', 'Westminster']],
    ];
    for (const [name, boroughs] of straddling) expect(boroughs, name).toContain(boroughAt(layer, place(name))?.name);
  });

  it('leaves towns outside Greater London outside every borough', () => {
    // Postcode-district centres of Watford, Epsom, Slough, Grays, Cheshunt, Sevenoaks, Darenth (east of Dartford) and Staines.
    for (const district of ['WD17', 'KT18', 'SL1', 'RM17', 'EN8', 'TN13', 'DA2', 'TW18']) {
      const centre = GEOGRAPHY.districts.find((d) => d.name === district)!;
      expect(boroughAt(layer, centre), district).toBeUndefined();
    }
  });

  it('never puts a point in two boroughs, and leaves no gaps in inner London', () => {
    for (let lat = 51.28; lat <= 51.7; lat += 0.004) {
      for (let lng = -0.52; lng <= 0.34; lng += 0.006) {
        const containing = layer.boroughs.filter((b) => isInBorough(b, { lat, lng }));
        expect(containing.length, `${lat.toFixed(3)},${lng.toFixed(3)}`).toBeLessThanOrEqual(1);
        // Within about 8 km of Charing Cross every point belongs to a borough.
        if (Math.hypot((lat - 51.508) * 111, (lng + 0.128) * 69) < 8)
          expect(containing.length, `${lat.toFixed(3)},${lng.toFixed(3)}`).toBe(1);
      }
    }
  });

  it('puts every label point inside its own borough', () => {
    for (const b of layer.boroughs) expect(isInBorough(b, b.label), b.name).toBe(true);
  });

  it('draws the boundaries in view only', () => {
    const camden = { center: place('Camden Town'), zoom: 13, width: 800, height: 400 };
    expect(boroughOutlinePath(layer, camden)).toMatch(/^M[-\d. ]+(L[-\d. ]+)+(M[-\d. ]+(L[-\d. ]+)+)*$/);
    expect(boroughOutlinePath(layer, { center: { lat: 53.48, lng: -2.24 }, zoom: 13, width: 800, height: 400 })).toBe(
      '',
    );
  });
});
