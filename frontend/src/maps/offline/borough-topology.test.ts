import { describe, expect, it } from 'vitest';
import { boroughCells, clipToCircle, signedArea2 } from './borough-cells';
import { boroughTopology } from './borough-topology';
import type { Ring } from './land';

const square = (x: number, y: number, size: number): Ring => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

describe('borough outlines at generate time', () => {
  it('cuts a cell down to the circle around its site, and leaves a small cell alone', () => {
    const cut = clipToCircle(square(-10, -10, 20), 0, 0, 2, Math.PI / 18);
    for (const [x, y] of cut) expect(Math.hypot(x, y)).toBeCloseTo(2, 9);
    expect(signedArea2(cut) / 2).toBeCloseTo(Math.PI * 4, 0);
    const small = square(-1, -1, 2);
    expect(clipToCircle(small, 0, 0, 2, Math.PI / 18)).toEqual(small);
  });

  it('cuts two neighbouring cells at the same points of their shared edge', () => {
    // Sites at (-1, 0) and (1, 0): the shared edge is x = 0, cut where it is 1.5 from both sites.
    const left = clipToCircle(
      [
        [-5, -5],
        [0, -5],
        [0, 5],
        [-5, 5],
      ],
      -1,
      0,
      1.5,
      Math.PI / 18,
    );
    const right = clipToCircle(
      [
        [0, -5],
        [5, -5],
        [5, 5],
        [0, 5],
      ],
      1,
      0,
      1.5,
      Math.PI / 18,
    );
    const onEdge = (ring: Ring) =>
      ring
        .filter(([x]) => Math.abs(x) < 1e-12)
        .map(([, y]) => y)
        .sort((a, b) => a - b);
    expect(onEdge(left)).toHaveLength(2);
    expect(onEdge(left)[0]).toBeCloseTo(-Math.sqrt(1.25), 12);
    expect(onEdge(right)).toEqual(onEdge(left));
  });

  it('merges the cells of a borough and keeps one arc per boundary between junctions', () => {
    // A 2 × 2 grid of unit cells: the left column is borough A, the right column B.
    const cells = [
      { borough: 'A', polygon: square(0, 0, 1) },
      { borough: 'A', polygon: square(0, 1, 1) },
      { borough: 'B', polygon: square(1, 0, 1) },
      { borough: 'B', polygon: square(1, 1, 1) },
    ];
    const { arcs, rings } = boroughTopology(cells);
    const between = arcs.filter((a) => a.right !== null);
    expect(between).toHaveLength(1);
    expect(between[0]?.points.map(([x]) => x)).toEqual([1, 1, 1]);
    // Each borough is one ring: its outer arc and the shared one, the shared one backwards for B.
    expect(rings.get('A')).toHaveLength(1);
    expect(rings.get('B')).toHaveLength(1);
    const sharedIndex = arcs.indexOf(between[0]!);
    const usesOfShared = [...rings.values()].flat(2).filter((ref) => ref.arc === sharedIndex);
    expect(usesOfShared.map((ref) => ref.reversed).sort()).toEqual([false, true]);
    // The outline of A has no edge inside A: its points are the outer corners and the shared edge's middle.
    const outline = (rings.get('A')?.[0] ?? []).flatMap((ref) => {
      const points = arcs[ref.arc]?.points ?? [];
      return (ref.reversed ? [...points].reverse() : points).slice(1);
    });
    expect(signedArea2(outline) / 2).toBeCloseTo(2, 12);
  });

  it('builds anticlockwise Voronoi cells limited to the reach around each London site', () => {
    const cells = boroughCells(
      [
        { x: 0, y: 0, borough: 'A' },
        { x: 2, y: 0, borough: 'B' },
        { x: 7, y: 0, borough: null },
      ],
      3,
    );
    expect(cells.map((c) => c.borough)).toEqual(['A', 'B']);
    for (const cell of cells) expect(signedArea2(cell.polygon)).toBeGreaterThan(0);
    // B's cell stops halfway to the site outside London; A's stops 3 from its site (the circle, drawn in 10° steps).
    const [a, b] = cells;
    expect(Math.max(...(b?.polygon ?? []).map(([x]) => x))).toBeCloseTo(4.5, 5);
    for (const [x, y] of a?.polygon ?? []) expect(Math.hypot(x, y)).toBeLessThanOrEqual(3 + 1e-9);
    expect(Math.min(...(a?.polygon ?? []).map(([x]) => x))).toBeLessThan(-2.9);
  });
});
