import type { Box, Ring } from './land';

/** A horizontal stretch inside a shape where a line of text can sit: its middle and its width. */
export interface LabelSpot {
  x: number;
  y: number;
  width: number;
}

type Interval = [number, number];

/** The stretches of the horizontal line at `y` that lie inside the rings (even–odd). */
function insideIntervals(rings: Ring[], y: number): Interval[] {
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
    }
  }
  xs.sort((a, b) => a - b);
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) intervals.push([xs[i]!, xs[i + 1]!]);
  return intervals;
}

function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [a0, a1] of a)
    for (const [b0, b1] of b) {
      const lo = Math.max(a0, b0);
      const hi = Math.min(a1, b1);
      if (hi > lo) out.push([lo, hi]);
    }
  return out;
}

/**
 * Where a horizontal label fits inside a shape: scans lines `step` apart across `area` (top < bottom)
 * and keeps the stretches that are inside the shape over a band `bandHeight` tall (tested at its top,
 * middle and bottom), clipped to `area`. Widest first. Cheaper than a true pole of inaccessibility, and
 * horizontal room is what a line of text needs.
 */
export function labelSpots(rings: Ring[], area: Box, bandHeight: number, step: number): LabelSpot[] {
  const spots: LabelSpot[] = [];
  const half = bandHeight / 2;
  for (let y = area.top + half; y <= area.bottom - half; y += step) {
    const band = intersect(
      intersect(insideIntervals(rings, y - half), insideIntervals(rings, y)),
      insideIntervals(rings, y + half),
    );
    for (const [from, to] of intersect(band, [[area.left, area.right]]))
      spots.push({ x: (from + to) / 2, y, width: to - from });
  }
  return spots.sort((a, b) => b.width - a.width);
}
