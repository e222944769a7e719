import type { LatLng } from '../types';
import { project, type Viewport } from './projection';

/** A closed ring of [x, y] points (lng/lat in degrees, or screen pixels); the last point joins the first. */
export type Ring = [number, number][];

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box (lng/lat) the bundled coastline covers: the British Isles and the near continental coast. */
export const LAND_BOUNDS: Box = { left: -11, top: 48, right: 9.5, bottom: 61.5 };
/** land-data.ts stores coordinates in units of 1/LAND_SCALE degree (about 11 m). */
export const LAND_SCALE = 10_000;

/**
 * Sutherland–Hodgman clipping of a ring to an axis-aligned box (top < bottom in the ring's own units).
 * Land stays closed along the box edges, which is all a filled shape needs.
 */
export function clipRing(ring: Ring, box: Box): Ring {
  const edges: [(p: [number, number]) => boolean, (a: [number, number], b: [number, number]) => [number, number]][] = [
    [(p) => p[0] >= box.left, (a, b) => [box.left, a[1] + ((b[1] - a[1]) * (box.left - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= box.right, (a, b) => [box.right, a[1] + ((b[1] - a[1]) * (box.right - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= box.top, (a, b) => [a[0] + ((b[0] - a[0]) * (box.top - a[1])) / (b[1] - a[1]), box.top]],
    [(p) => p[1] <= box.bottom, (a, b) => [a[0] + ((b[0] - a[0]) * (box.bottom - a[1])) / (b[1] - a[1]), box.bottom]],
  ];
  let out = ring;
  for (const [inside, cross] of edges) {
    if (!out.length) break;
    const input = out;
    out = [];
    let prev = input[input.length - 1]!;
    for (const p of input) {
      if (inside(p)) {
        if (!inside(prev)) out.push(cross(prev, p));
        out.push(p);
      } else if (inside(prev)) out.push(cross(prev, p));
      prev = p;
    }
  }
  return out;
}

export interface LandRing {
  points: Ring;
  /** The ring's bounding box in degrees (top = south edge, bottom = north edge). */
  box: Box;
}

/**
 * Packs lines or rings (lng/lat) the way land-data.ts stores them, at generate time: per line the first
 * point then deltas, in units of 1/LAND_SCALE degree, "lng,lat" pairs joined by ","; lines joined by ";".
 * Consecutive points that round to the same place are dropped.
 */
export function packRings(rings: Ring[]): string {
  return rings
    .map((ring) => {
      let px = 0;
      let py = 0;
      const out: number[] = [];
      for (const [x, y] of ring) {
        const qx = Math.round(x * LAND_SCALE);
        const qy = Math.round(y * LAND_SCALE);
        if (out.length && qx === px && qy === py) continue;
        out.push(qx - px, qy - py);
        px = qx;
        py = qy;
      }
      return out.join(',');
    })
    .join(';');
}

/** Unpacks land-data.ts (or any string made by packRings): rings of integer deltas. */
export function decodeLand(packed: string): LandRing[] {
  return packed.split(';').map((record) => {
    const numbers = record.split(',').map(Number);
    const points: Ring = [];
    let x = 0;
    let y = 0;
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (let i = 0; i < numbers.length; i += 2) {
      x += numbers[i] ?? 0;
      y += numbers[i + 1] ?? 0;
      const p: [number, number] = [x / LAND_SCALE, y / LAND_SCALE];
      points.push(p);
      box.left = Math.min(box.left, p[0]);
      box.right = Math.max(box.right, p[0]);
      box.top = Math.min(box.top, p[1]);
      box.bottom = Math.max(box.bottom, p[1]);
    }
    return { points, box };
  });
}

/** Even–odd point-in-polygon test over all rings (islands and any holes alike). */
export function isOnLand(land: LandRing[], { lat, lng }: LatLng): boolean {
  let inside = false;
  for (const { points, box } of land) {
    if (lng < box.left || lng > box.right || lat < box.top || lat > box.bottom) continue;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * The land as one SVG path in screen pixels: rings outside the view are skipped and the rest are
 * projected and clipped to the view (plus a margin), so zoomed-in maps stay small. Fill it even–odd.
 */
export function landPath(land: LandRing[], view: Viewport, margin = 4): string {
  const screen: Box = { left: -margin, top: -margin, right: view.width + margin, bottom: view.height + margin };
  const parts: string[] = [];
  for (const { points, box } of land) {
    const nw = project({ lat: box.bottom, lng: box.left }, view);
    const se = project({ lat: box.top, lng: box.right }, view);
    if (se.x < screen.left || nw.x > screen.right || se.y < screen.top || nw.y > screen.bottom) continue;
    const projected: Ring = points.map(([lng, lat]) => {
      const p = project({ lat, lng }, view);
      return [p.x, p.y];
    });
    const clipped = clipRing(projected, screen);
    if (clipped.length < 3) continue;
    let d = '';
    let last = '';
    for (const [x, y] of clipped) {
      const xy = `${x.toFixed(1)} ${y.toFixed(1)}`;
      if (xy === last) continue;
      d += (d ? 'L' : 'M') + xy;
      last = xy;
    }
    parts.push(`${d}Z`);
  }
  return parts.join('');
}
