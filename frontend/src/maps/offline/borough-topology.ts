import type { Ring } from './land';
import type { BoroughCell } from './borough-cells';

/** A stretch of boundary between two junctions, with the same borough (or outside London) on each side all along. */
export interface Arc {
  points: Ring;
  /** The borough on the left going from the first point to the last (the cells run anticlockwise). */
  left: string;
  /** The borough on the right, or null for outside London. */
  right: string | null;
}

/** An arc used in a ring: its index, reversed when the borough lies on its right. */
export interface ArcRef {
  arc: number;
  reversed: boolean;
}

export interface BoroughTopology {
  arcs: Arc[];
  /** Each borough's outline as rings of arcs (holes and islands alike: even–odd). */
  rings: Map<string, ArcRef[][]>;
}

/** Cell corners that are the same point up to floating-point noise get one id. */
function vertexIds(tolerance: number) {
  const byKey = new Map<string, number>();
  const points: [number, number][] = [];
  return {
    points,
    id([x, y]: [number, number]): number {
      const gx = Math.round(x / tolerance);
      const gy = Math.round(y / tolerance);
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++) {
          const found = byKey.get(`${gx + i},${gy + j}`);
          const point = found === undefined ? undefined : points[found];
          if (found !== undefined && point && Math.hypot(point[0] - x, point[1] - y) <= tolerance) return found;
        }
      points.push([x, y]);
      byKey.set(`${gx},${gy}`, points.length - 1);
      return points.length - 1;
    },
  };
}

/**
 * Merges the cells of each borough: edges between two cells of the same borough disappear, and the
 * remaining edges are chained into arcs that run from junction to junction (where three or more
 * boroughs, or two boroughs and the outside, meet). Each arc is stored once, so simplifying it keeps
 * neighbouring boroughs fitting together, and the outlines can be drawn without drawing any edge twice.
 */
export function boroughTopology(cells: BoroughCell[], tolerance = 1e-6): BoroughTopology {
  const vertices = vertexIds(tolerance);
  /** Directed cell edges "from>to" and the borough whose cell has that edge (anticlockwise). */
  const owner = new Map<string, string>();
  for (const { borough, polygon } of cells) {
    const ids = polygon
      .map((p) => vertices.id(p))
      .filter((id, i, all) => id !== all[(i + all.length - 1) % all.length]);
    ids.forEach((from, i) => {
      const key = `${from}>${ids[(i + 1) % ids.length]}`;
      if (owner.has(key)) throw new Error(`two cells share the directed edge ${key}`);
      owner.set(key, borough);
    });
  }

  /** Boundary edges, one direction only: the one whose left side is a borough. */
  const outgoing = new Map<number, number[]>();
  const degree = new Map<number, number>();
  const sides = (from: number, to: number) => ({
    left: owner.get(`${from}>${to}`),
    right: owner.get(`${to}>${from}`) ?? null,
  });
  for (const [key, left] of owner) {
    const [from, to] = key.split('>').map(Number);
    if (from === undefined || to === undefined) continue;
    const right = owner.get(`${to}>${from}`);
    if (right === left) continue;
    // An edge between two boroughs is in the map twice: keep it once.
    if (right !== undefined && from > to) continue;
    outgoing.set(from, [...(outgoing.get(from) ?? []), to]);
    outgoing.set(to, [...(outgoing.get(to) ?? []), from]);
    degree.set(from, (degree.get(from) ?? 0) + 1);
    degree.set(to, (degree.get(to) ?? 0) + 1);
  }

  const used = new Set<string>();
  const edgeKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const arcs: Arc[] = [];
  const arcIds: number[][] = [];
  const walk = (start: number, next: number) => {
    const ids = [start];
    let prev = start;
    let at = next;
    used.add(edgeKey(prev, at));
    ids.push(at);
    while (degree.get(at) === 2 && at !== start) {
      const onward = outgoing.get(at)!.find((n) => !used.has(edgeKey(at, n)));
      if (onward === undefined) break;
      used.add(edgeKey(at, onward));
      prev = at;
      at = onward;
      ids.push(at);
    }
    // A walk has at least its start and one step, and `ordered` is the same walk.
    let { left, right } = sides(ids[0]!, ids[1]!);
    let ordered = ids;
    if (left === undefined) {
      // Walked against the borough's direction: turn the arc round so a borough is on its left.
      ordered = [...ids].reverse();
      ({ left, right } = sides(ordered[0]!, ordered[1]!));
    }
    if (left === undefined) throw new Error(`arc ${ids.join(',')} has no borough on either side`);
    for (let i = 1; i < ordered.length - 1; i++) {
      const s = sides(ordered[i]!, ordered[i + 1]!);
      if (s.left !== left || s.right !== right) throw new Error(`arc ${ordered.join(',')} changes sides`);
    }
    // Every id came from vertices.id, so it indexes vertices.points.
    arcs.push({ points: ordered.map((id) => vertices.points[id]!), left, right });
    arcIds.push(ordered);
  };
  // Arcs from junctions first, then the closed loops that have none (an island, or a borough inside another).
  for (const [vertex, d] of degree)
    if (d !== 2) for (const n of outgoing.get(vertex)!) if (!used.has(edgeKey(vertex, n))) walk(vertex, n);
  for (const [vertex] of degree)
    for (const n of outgoing.get(vertex)!) if (!used.has(edgeKey(vertex, n))) walk(vertex, n);

  return { arcs, rings: chainRings(arcs, arcIds) };
}

/** Chains each borough's arcs end to end into closed rings (the borough on the left of every step). */
function chainRings(arcs: Arc[], arcIds: number[][]): Map<string, ArcRef[][]> {
  const byBorough = new Map<string, ArcRef[]>();
  arcs.forEach((arc, i) => {
    byBorough.set(arc.left, [...(byBorough.get(arc.left) ?? []), { arc: i, reversed: false }]);
    if (arc.right !== null) byBorough.set(arc.right, [...(byBorough.get(arc.right) ?? []), { arc: i, reversed: true }]);
  });
  const ends = (ref: ArcRef) => {
    // arcIds runs beside arcs, and every arc has at least two vertices.
    const ids = arcIds[ref.arc]!;
    const first = ids[0]!;
    const last = ids[ids.length - 1]!;
    return ref.reversed ? { from: last, to: first } : { from: first, to: last };
  };
  const rings = new Map<string, ArcRef[][]>();
  for (const [borough, refs] of byBorough) {
    const startingAt = new Map<number, ArcRef[]>();
    for (const ref of refs) startingAt.set(ends(ref).from, [...(startingAt.get(ends(ref).from) ?? []), ref]);
    const done = new Set<ArcRef>();
    const result: ArcRef[][] = [];
    for (const first of refs) {
      if (done.has(first)) continue;
      const ring = [first];
      done.add(first);
      const start = ends(first).from;
      let at = ends(first).to;
      while (at !== start) {
        const next = startingAt.get(at)?.find((r) => !done.has(r));
        if (!next) throw new Error(`${borough}: the outline does not close at vertex ${at}`);
        ring.push(next);
        done.add(next);
        at = ends(next).to;
      }
      result.push(ring);
    }
    rings.set(borough, result);
  }
  return rings;
}
