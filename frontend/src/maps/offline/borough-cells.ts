import { Delaunay } from 'd3-delaunay';
import type { Ring } from './land';

/** A Voronoi site on a flat map in kilometres (generate time): a London area of one borough, or a place outside London. */
export interface Site {
  x: number;
  y: number;
  /** null for a place outside Greater London: its cell only keeps London's cells from spreading there. */
  borough: string | null;
}

export interface BoroughCell {
  borough: string;
  /** Counter-clockwise (x east, y north), not closed. */
  polygon: Ring;
}

/** Twice the signed area: positive when the ring runs counter-clockwise with y pointing north. */
export const signedArea2 = (ring: Ring) =>
  ring.reduce((s, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length]!;
    return s + x * ny - nx * y;
  }, 0);

/**
 * Cuts a convex, counter-clockwise cell down to the part within `radius` of its own site (which lies
 * inside the cell). Where two neighbouring cells both reach past their circles, the cut points on their
 * shared edge coincide (each point of that edge is as far from one site as from the other), so the cells
 * still share that edge exactly. The circle is followed in steps of `arcStep` radians.
 */
export function clipToCircle(polygon: Ring, cx: number, cy: number, radius: number, arcStep: number): Ring {
  type Item = { p: [number, number]; kind: 'vertex' | 'enter' | 'exit' };
  const items: Item[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    if (Math.hypot(a[0] - cx, a[1] - cy) <= radius) items.push({ p: a, kind: 'vertex' });
    // The edge is a + t (b - a); it is inside the circle between the two roots of |a - c + t (b - a)|² = r².
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const fx = a[0] - cx;
    const fy = a[1] - cy;
    const qa = dx * dx + dy * dy;
    const qb = 2 * (fx * dx + fy * dy);
    const disc = qb * qb - 4 * qa * (fx * fx + fy * fy - radius * radius);
    if (qa === 0 || disc <= 0) continue;
    const roots = [(-qb - Math.sqrt(disc)) / (2 * qa), (-qb + Math.sqrt(disc)) / (2 * qa)];
    roots.forEach((t, k) => {
      if (t > 0 && t < 1) items.push({ p: [a[0] + t * dx, a[1] + t * dy], kind: k === 0 ? 'enter' : 'exit' });
    });
  }
  const circle = (from: number, to: number): Ring => {
    const points: Ring = [];
    for (let angle = from + arcStep; angle < to - arcStep / 2; angle += arcStep)
      points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    return points;
  };
  const firstEntry = items.findIndex((item) => item.kind === 'enter');
  if (firstEntry < 0) {
    // Either the cell lies within the circle, or the circle lies within the cell.
    return items.length ? polygon : [[cx + radius, cy], ...circle(0, 2 * Math.PI)];
  }
  const out: Ring = [];
  const ordered = [...items.slice(firstEntry), ...items.slice(0, firstEntry)];
  ordered.forEach((item, i) => {
    out.push(item.p);
    if (item.kind !== 'exit') return;
    // Leaving the circle: follow it anticlockwise to where the boundary comes back in.
    const next = ordered[(i + 1) % ordered.length]!.p;
    const from = Math.atan2(item.p[1] - cy, item.p[0] - cx);
    let to = Math.atan2(next[1] - cy, next[0] - cx);
    while (to <= from) to += 2 * Math.PI;
    out.push(...circle(from, to));
  });
  return out;
}

/**
 * The Voronoi cell of each London site, cut down to `radius` of its site so that the outer edge of
 * Greater London stays a few kilometres from its outermost areas; cells of sites outside London are dropped.
 */
export function boroughCells(sites: Site[], radius: number, arcStep = Math.PI / 18): BoroughCell[] {
  const xs = sites.map((s) => s.x);
  const ys = sites.map((s) => s.y);
  const margin = radius * 2;
  const voronoi = Delaunay.from(sites.map((s) => [s.x, s.y] as Delaunay.Point)).voronoi([
    Math.min(...xs) - margin,
    Math.min(...ys) - margin,
    Math.max(...xs) + margin,
    Math.max(...ys) + margin,
  ]);
  const cells: BoroughCell[] = [];
  sites.forEach((site, i) => {
    if (site.borough === null) return;
    const closed = voronoi.cellPolygon(i);
    if (!closed) return; // a site on top of another one has no cell of its own
    let polygon = closed.slice(0, -1).map(([x, y]) => [x, y] as [number, number]);
    if (signedArea2(polygon) < 0) polygon = polygon.reverse();
    cells.push({ borough: site.borough, polygon: clipToCircle(polygon, site.x, site.y, radius, arcStep) });
  });
  return cells;
}
