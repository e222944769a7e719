import { describe, expect, it } from 'vitest';
import { BOROUGH_ARCS, BOROUGHS } from './borough-data';
import { boroughLabelCandidates } from './borough-labels';
import { decodeBoroughs } from './boroughs';
import { GEOGRAPHY } from './geography';
import { labelSpots } from './label-spots';
import { labelWidth } from './labels';
import { project, type Viewport } from './projection';

const layer = decodeBoroughs(BOROUGH_ARCS, BOROUGHS);

describe('room for borough names', () => {
  it('finds the widest horizontal stretch inside a shape, within the area scanned', () => {
    // An L shape: a wide foot (y 8 to 10) under a narrow upright (x 0 to 2).
    const shape: [number, number][] = [
      [0, 0],
      [2, 0],
      [2, 8],
      [10, 8],
      [10, 10],
      [0, 10],
    ];
    const [widest] = labelSpots([shape], { left: 0, top: 0, right: 10, bottom: 10 }, 1, 0.5);
    expect(widest?.width).toBeCloseTo(10, 9);
    expect(widest?.y).toBeGreaterThanOrEqual(8.5);
    expect(widest?.x).toBeCloseTo(5, 9);
    const [clipped] = labelSpots([shape], { left: 0, top: 0, right: 6, bottom: 10 }, 1, 0.5);
    expect(clipped?.width).toBeCloseTo(6, 9);
  });

  it('offers a borough name only where the whole name fits inside the borough', () => {
    const view: Viewport = {
      center: GEOGRAPHY.places.find((p) => p.name === 'Camden Town')!,
      zoom: 13,
      width: 800,
      height: 400,
    };
    const candidates = boroughLabelCandidates(layer, view);
    expect(candidates.some((c) => c.text === 'CAMDEN')).toBe(true);
    for (const c of candidates) {
      const borough = layer.boroughs.find((b) => b.name.toUpperCase() === c.text)!;
      const rings = borough.rings.map((ring) =>
        ring.map(([lng, lat]) => {
          const p = project({ lat, lng }, view);
          return [p.x, p.y] as [number, number];
        }),
      );
      const half = labelWidth(c) / 2;
      for (const x of [c.x - half, c.x, c.x + half]) {
        let inside = false;
        for (const ring of rings)
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i]!;
            const [xj, yj] = ring[j]!;
            if (yi > c.y !== yj > c.y && x < ((xj - xi) * (c.y - yi)) / (yj - yi) + xi) inside = !inside;
          }
        expect(inside, `${c.text} at ${x.toFixed(0)},${c.y.toFixed(0)}`).toBe(true);
      }
    }
  });

  it('leaves small boroughs unnamed when zoomed out', () => {
    const view: Viewport = { center: { lat: 51.49, lng: -0.11 }, zoom: 10, width: 1000, height: 700 };
    const named = new Set(boroughLabelCandidates(layer, view).map((c) => c.text));
    expect(named.has('ENFIELD')).toBe(true);
    expect(named.has('CITY OF LONDON')).toBe(false);
    // Nothing is offered for boroughs out of view.
    const edinburgh = { center: { lat: 55.95, lng: -3.19 }, zoom: 12, width: 800, height: 400 };
    expect(boroughLabelCandidates(layer, edinburgh)).toEqual([]);
    // The label point of a borough in view is where its name is offered first.
    const enfield = layer.boroughs.find((b) => b.name === 'Enfield')!;
    const first = boroughLabelCandidates(layer, view).find((c) => c.text === 'ENFIELD')!;
    const home = project(enfield.label, view);
    expect(Math.hypot(first.x - home.x, first.y - home.y)).toBeLessThan(30);
  });
});
