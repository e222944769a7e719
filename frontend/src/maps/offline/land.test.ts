import { describe, expect, it } from 'vitest';
import { NW2_REFERENCE } from '@vanhop/contracts';
import { GEOGRAPHY } from './geography';
import { clipRing, decodeLand, isOnLand, landPath, packRings } from './land';
import { LAND } from './land-data';
import { project } from './projection';
import { districtVoronoi } from './cells';

const land = decodeLand(LAND);

describe('offline map coastline (Natural Earth)', () => {
  it('puts London, Edinburgh, Cardiff, Belfast, Dublin and Paris on land', () => {
    for (const p of [
      { lat: 51.5074, lng: -0.1278 },
      { lat: 55.9533, lng: -3.1883 },
      { lat: 51.4816, lng: -3.1791 },
      { lat: 54.5973, lng: -5.9301 },
      { lat: 53.3498, lng: -6.2603 },
      { lat: 48.8566, lng: 2.3522 },
      NW2_REFERENCE,
    ])
      expect(isOnLand(land, p), JSON.stringify(p)).toBe(true);
  });

  it('puts the North Sea, the Channel, the Irish Sea and the Atlantic in the sea', () => {
    for (const p of [
      { lat: 54.5, lng: 2.5 },
      { lat: 50.2, lng: -1.5 },
      { lat: 53.8, lng: -5.2 },
      { lat: 53.0, lng: -10.5 },
      { lat: 51.45, lng: 1.2 },
    ])
      expect(isOnLand(land, p), JSON.stringify(p)).toBe(false);
  });

  it('has most postcode-district centres on land', () => {
    const onLand = GEOGRAPHY.districts.filter((d) => isOnLand(land, d)).length;
    expect(onLand / GEOGRAPHY.districts.length).toBeGreaterThan(0.97);
  });

  it('projects the coastline with the same projection as everything else', () => {
    // Zoomed right in on London, the whole view is land: one ring, clipped to the view's edges.
    const view = { center: { lat: 51.5074, lng: -0.1278 }, zoom: 13, width: 400, height: 300 };
    const d = landPath(land, view, 0);
    expect(d).toMatch(/^M[-\d. ]+(L[-\d. ]+)+Z$/);
    const xs = [...d.matchAll(/([-\d.]+) ([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(Math.min(...xs.map((p) => p[0]))).toBeCloseTo(0, 1);
    expect(Math.max(...xs.map((p) => p[0]))).toBeCloseTo(400, 1);
    // At zoom 6 the point of land nearest London's projected position is only a few pixels away from it.
    const wide = { center: { lat: 54, lng: -3 }, zoom: 6, width: 800, height: 800 };
    const london = project({ lat: 51.5074, lng: -0.1278 }, wide);
    const path = landPath(land, wide);
    expect(path.length).toBeGreaterThan(1000);
    const ring = land.find((r) => isOnLand([r], { lat: 51.5074, lng: -0.1278 }))!;
    const screen = ring.points.map(([lng, lat]) => project({ lat, lng }, wide));
    // Great Britain's ring, projected, encloses London's projected position.
    let inside = false;
    for (let i = 0, j = screen.length - 1; i < screen.length; j = i++) {
      const a = screen[i]!;
      const b = screen[j]!;
      if (a.y > london.y !== b.y > london.y && london.x < ((b.x - a.x) * (london.y - a.y)) / (b.y - a.y) + a.x)
        inside = !inside;
    }
    expect(inside).toBe(true);
  });

  it('skips land outside the view', () => {
    expect(landPath(land, { center: { lat: 57, lng: -20 }, zoom: 10, width: 400, height: 300 })).toBe('');
  });

  it('packs rings to the stored format and back, to the nearest 0.0001 degree', () => {
    const rings: [number, number][][] = [
      [
        [-0.12346, 51.5],
        [-0.1, 51.50004],
        [-0.1, 51.50004],
        [0.2, 51.6],
      ],
      [
        [1, 2],
        [3, 4],
      ],
    ];
    const packed = packRings(rings);
    expect(packed).toBe('-1235,515000,235,0,3000,1000;10000,20000,20000,20000');
    expect(decodeLand(packed).map((r) => r.points)).toEqual([
      [
        [-0.1235, 51.5],
        [-0.1, 51.5],
        [0.2, 51.6],
      ],
      [
        [1, 2],
        [3, 4],
      ],
    ]);
  });

  it('clips a ring to a box', () => {
    const clipped = clipRing(
      [
        [-1, -1],
        [2, -1],
        [2, 2],
        [-1, 2],
      ],
      { left: 0, top: 0, right: 1, bottom: 1 },
    );
    expect(new Set(clipped.map((p) => p.join()))).toEqual(new Set(['0,0', '1,0', '1,1', '0,1']));
  });
});

describe('postcode-district cells', () => {
  it('cover the whole view with one cell per district centre', () => {
    const view = { center: NW2_REFERENCE, zoom: 13, width: 800, height: 400 };
    const voronoi = districtVoronoi(GEOGRAPHY.districts, view, 0);
    let area = 0;
    for (const cell of voronoi.cellPolygons()) {
      for (let i = 0, j = cell.length - 1; i < cell.length; j = i++) {
        const [xi, yi] = cell[i]!;
        const [xj, yj] = cell[j]!;
        area += (xj + xi) * (yj - yi);
      }
    }
    expect(Math.abs(area / 2)).toBeCloseTo(800 * 400, 0);
    // NW2's centre lies in NW2's own cell.
    const nw2 = GEOGRAPHY.districts.findIndex((d) => d.name === 'NW2');
    const p = project(GEOGRAPHY.districts[nw2]!, view);
    expect(voronoi.contains(nw2, p.x, p.y)).toBe(true);
    expect(voronoi.delaunay.find(p.x, p.y)).toBe(nw2);
  });
});
