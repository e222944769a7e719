import { expect, it } from 'vitest';
import type { GeoPort } from '../src/domain/geo-port.js';

/** What every GeoPort adapter must do, run against the embedded table and against Google (local server). */
export function geoPortContract(geo: () => GeoPort): void {
  it('[contract] geocodes an autocomplete label to a UK point inside its district', async () => {
    const p = await geo().geocode('London NW2, UK');
    expect(p).not.toBeNull();
    expect(p!.outcode).toBe('NW2');
    expect(p!.lat).toBeGreaterThan(51.5);
    expect(p!.lat).toBeLessThan(51.6);
    expect(p!.lng).toBeGreaterThan(-0.3);
    expect(p!.lng).toBeLessThan(-0.15);
    expect(p!.label).toMatch(/NW2/);
  });
  it('[contract] resolves place descriptions and answers null for unknown places', async () => {
    expect((await geo().geocode('Wembley, UK'))?.outcode).toMatch(/^HA/);
    expect(await geo().geocode('Nowhere at all')).toBeNull();
    expect(await geo().geocode('')).toBeNull();
  });
  it('[contract] measures one leg per pair of consecutive stops', async () => {
    const stops = await Promise.all(['London NW2, UK', 'Wembley, UK', 'SW1A 1AA, UK'].map((a) => geo().geocode(a)));
    const r = await geo().route(stops.map((s) => s!));
    expect(r.legs).toHaveLength(2);
    expect(r.miles).toBeCloseTo(r.legs[0]!.miles + r.legs[1]!.miles, 1);
    expect(r.seconds).toBe(r.legs[0]!.seconds + r.legs[1]!.seconds);
    expect(r.miles).toBeGreaterThan(5);
    expect(r.miles).toBeLessThan(25);
    expect(r.seconds).toBeGreaterThan(600);
  });
  it('[contract] autocompletes UK postcodes', async () => {
    expect((await geo().autocomplete('NW2'))[0]).toMatchObject({ label: 'London NW2, UK', outcode: 'NW2' });
  });
}
