import type { LatLng } from '../types';
import { decodeLand, type Box, type LandRing, type Ring } from './land';
import { project, type Viewport } from './projection';

/** One approximate London borough (see generate-borough-data.ts): lng/lat rings, even–odd. */
export interface Borough {
  name: string;
  /** Where its name goes when the whole borough is in view. */
  label: LatLng;
  rings: Ring[];
  /** Bounding box in degrees (top = south edge, bottom = north edge, as in land.ts). */
  box: Box;
}

export interface BoroughLayer {
  /** Each boundary stretch once, for drawing. */
  arcs: LandRing[];
  boroughs: Borough[];
}

/** Unpacks borough-data.ts: the arcs, and each borough's rings rebuilt from them. */
export function decodeBoroughs(packedArcs: string, packedBoroughs: string): BoroughLayer {
  const arcs = decodeLand(packedArcs);
  const boroughs = packedBoroughs.split(';').map((record) => {
    const [name = '', lat, lng, ringText = ''] = record.split('|');
    const rings = ringText.split(' ').map((refs) =>
      refs.split(',').flatMap((ref) => {
        const points = arcs[Number(ref.replace('~', ''))]?.points ?? [];
        // Each arc starts where the previous one ended: drop the repeated point.
        return (ref.startsWith('~') ? [...points].reverse() : points).slice(1);
      }),
    );
    const all = rings.flat();
    const box = {
      left: Math.min(...all.map(([x]) => x)),
      right: Math.max(...all.map(([x]) => x)),
      top: Math.min(...all.map(([, y]) => y)),
      bottom: Math.max(...all.map(([, y]) => y)),
    };
    return { name, label: { lat: Number(lat), lng: Number(lng) }, rings, box };
  });
  return { arcs, boroughs };
}

/** Even–odd point-in-polygon test on a borough's rings. */
export function isInBorough(borough: Borough, { lat, lng }: LatLng): boolean {
  const { box } = borough;
  if (lng < box.left || lng > box.right || lat < box.top || lat > box.bottom) return false;
  let inside = false;
  for (const points of borough.rings) {
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i]!;
      const [xj, yj] = points[j]!;
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** The borough a point lies in, if any. */
export const boroughAt = (layer: BoroughLayer, point: LatLng) => layer.boroughs.find((b) => isInBorough(b, point));

/** Boxes (degrees) that reach into the view, plus a margin in pixels. */
export function boxInView(box: Box, view: Viewport, margin = 4): boolean {
  const nw = project({ lat: box.bottom, lng: box.left }, view);
  const se = project({ lat: box.top, lng: box.right }, view);
  return se.x >= -margin && nw.x <= view.width + margin && se.y >= -margin && nw.y <= view.height + margin;
}

/** All borough boundaries in view as one SVG path of open lines (each boundary drawn once), in screen pixels. */
export function boroughOutlinePath(layer: BoroughLayer, view: Viewport): string {
  let d = '';
  for (const { points, box } of layer.arcs) {
    if (!boxInView(box, view)) continue;
    let last = '';
    points.forEach(([lng, lat], i) => {
      const p = project({ lat, lng }, view);
      const xy = `${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
      if (xy === last) return;
      d += (i === 0 ? 'M' : 'L') + xy;
      last = xy;
    });
  }
  return d;
}
