import { describe, expect, it } from 'vitest';
import { COVERAGE_CIRCLE_METRES, COVERAGE_MAP_ZOOM, NW2_REFERENCE } from '@vanhop/contracts';
import { metresPerPixel, project, scaleBar } from './projection';

describe('offline map projection', () => {
  const view = { center: NW2_REFERENCE, zoom: 13, width: 800, height: 400 };

  it('puts the centre in the middle of the drawing', () => {
    expect(project(NW2_REFERENCE, view)).toEqual({ x: 400, y: 200 });
  });

  it('puts east to the right and north up', () => {
    const east = project({ lat: NW2_REFERENCE.lat, lng: NW2_REFERENCE.lng + 0.01 }, view);
    const north = project({ lat: NW2_REFERENCE.lat + 0.01, lng: NW2_REFERENCE.lng }, view);
    expect(east.x).toBeGreaterThan(400);
    expect(east.y).toBeCloseTo(200, 6);
    expect(north.y).toBeLessThan(200);
  });

  it('matches real distances: 1 km east of NW2 is 1 km worth of pixels away', () => {
    // 1 km along a parallel at 51.56° is 1000 / (111320 × cos 51.56°) degrees of longitude.
    const dLng = 1000 / (111_320 * Math.cos((NW2_REFERENCE.lat * Math.PI) / 180));
    const p = project({ lat: NW2_REFERENCE.lat, lng: NW2_REFERENCE.lng + dLng }, view);
    expect((p.x - 400) * metresPerPixel(NW2_REFERENCE.lat, 13)).toBeCloseTo(1000, -1);
  });

  it('draws the 48282 m coverage circle about 63 px wide at zoom 7', () => {
    expect(COVERAGE_CIRCLE_METRES / metresPerPixel(NW2_REFERENCE.lat, COVERAGE_MAP_ZOOM)).toBeCloseTo(63.5, 0);
  });

  it('picks a round scale bar that fits', () => {
    const bar = scaleBar(NW2_REFERENCE.lat, 13, 120);
    expect(bar.label).toBe('1 km');
    expect(bar.pixels).toBeLessThanOrEqual(120);
  });
});
