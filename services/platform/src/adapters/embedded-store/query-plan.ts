import { type Bound, KEY_MAX, KEY_MIN } from './sorted-entries.js';
import { nedbModel } from './nedb-model.js';
import type { StoreIndex } from './store-index.js';

type Scalar = string | number | boolean | Date;
type Condition = { eq: Scalar } | { in: Scalar[] } | { lo?: RangeEnd; hi?: RangeEnd };
interface RangeEnd {
  value: Scalar;
  inclusive: boolean;
}

/** How a query reads: the index, the key ranges to visit, and whether they come in the sort's order. */
export interface QueryPlan {
  index: StoreIndex;
  scans: { from: Bound; to: Bound }[];
  /** The scans list documents in the order of the sort's first key not fixed by the query. */
  ordered: boolean;
  backwards: boolean;
  /** Which part of the key the order follows (for ties). */
  orderPart: number;
  /** Every condition of the filter is answered by the scans: counting needs no document. */
  covered: boolean;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
const MAX_IN_SCANS = 256;

function isScalar(v: unknown): v is Scalar {
  return (
    typeof v === 'string' || (typeof v === 'number' && !Number.isNaN(v)) || typeof v === 'boolean' || v instanceof Date
  );
}

const kindOf = (v: Scalar) => (v instanceof Date ? 'date' : typeof v);

/** A condition an index can answer, or null (the documents read are matched in full anyway). */
function conditionOf(v: unknown): Condition | null {
  if (isScalar(v)) return { eq: v };
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const ops = Object.entries(v as Record<string, unknown>);
  if (ops.length === 1 && ops[0]![0] === '$in') {
    const values = ops[0]![1];
    if (!Array.isArray(values) || values.length > MAX_IN_SCANS || !values.every(isScalar)) return null;
    // Each value is a scan of its own: a value given twice must not list its documents twice.
    const distinct: Scalar[] = [];
    for (const v of values) if (!distinct.some((d) => nedbModel.compareThings(d, v) === 0)) distinct.push(v);
    return { in: distinct };
  }
  if (ops.length === 0 || !ops.every(([op, x]) => RANGE_OPS.has(op) && isScalar(x) && typeof x !== 'boolean'))
    return null;
  const range: { lo?: RangeEnd; hi?: RangeEnd } = {};
  for (const [op, x] of ops as [string, Scalar][]) {
    if (op === '$gt' || op === '$gte') range.lo = { value: x, inclusive: op === '$gte' };
    else range.hi = { value: x, inclusive: op === '$lte' };
  }
  if (range.lo && range.hi && kindOf(range.lo.value) !== kindOf(range.hi.value)) return null;
  return range;
}

/**
 * A range matches values of its bound's type only (as the matcher compares): the ends of that
 * type in the keys' order close an open side (numbers < strings < booleans < dates < arrays).
 */
function typeEnds(v: Scalar): { min: unknown; after: unknown } {
  if (typeof v === 'number') return { min: -Infinity, after: '' };
  if (typeof v === 'string') return { min: '', after: false };
  return { min: new Date(-8.64e15), after: [] };
}

function keyOf(index: StoreIndex, parts: unknown[]): unknown {
  return index.compound ? parts : parts[0];
}

/** The key ranges for equal leading parts (each `prefix`) and an optional range on the next part. */
function scansFor(index: StoreIndex, prefixes: unknown[][], range: { lo?: RangeEnd; hi?: RangeEnd } | null) {
  return prefixes.map((p) => {
    const complete = p.length === index.def.fields.length;
    if (!range) {
      if (complete || p.length === 0)
        return p.length === 0
          ? { from: { key: KEY_MIN, no: -Infinity }, to: { key: KEY_MAX, no: Infinity } }
          : { from: { key: keyOf(index, p), no: -Infinity }, to: { key: keyOf(index, p), no: Infinity } };
      return { from: { key: p, no: -Infinity }, to: { key: [...p, KEY_MAX], no: Infinity } };
    }
    const ends = typeEnds((range.lo ?? range.hi)!.value);
    const last = p.length + 1 === index.def.fields.length;
    const at = (v: unknown, after: boolean): Bound => {
      const parts = after && !last ? [...p, v, KEY_MAX] : [...p, v];
      return { key: keyOf(index, parts), no: after ? Infinity : -Infinity };
    };
    const from = range.lo ? at(range.lo.value, !range.lo.inclusive) : at(ends.min, false);
    const to = range.hi ? at(range.hi.value, range.hi.inclusive) : at(ends.after, false);
    return { from, to };
  });
}

interface Candidate {
  plan: QueryPlan;
  score: number;
}

function planFor(
  index: StoreIndex,
  conditions: Map<string, Condition>,
  filterKeys: number,
  sort: [string, 1 | -1][],
): Candidate | null {
  let prefixes: unknown[][] = [[]];
  const fixed = new Set<string>();
  let used = 0;
  let range: { lo?: RangeEnd; hi?: RangeEnd } | null = null;
  for (const field of index.def.fields) {
    const c = conditions.get(field);
    if (!c) break;
    if ('eq' in c) {
      prefixes = prefixes.map((p) => [...p, c.eq]);
      fixed.add(field);
    } else if ('in' in c) {
      if (prefixes.length * c.in.length > MAX_IN_SCANS) break;
      prefixes = prefixes.flatMap((p) => c.in.map((v) => [...p, v]));
    } else {
      range = c;
      used++;
      break;
    }
    used++;
  }
  const orderPart = prefixes[0]?.length ?? 0;
  const sortRest = sort.filter(([f]) => !fixed.has(f));
  const ordered =
    prefixes.length === 1 &&
    sortRest.length > 0 &&
    index.def.fields[orderPart] === sortRest[0]![0] &&
    !index.multikey[orderPart] &&
    !(index.def.sparse && used === 0);
  if (used === 0 && !ordered) return null;
  const plan: QueryPlan = {
    index,
    scans: scansFor(index, prefixes, range),
    ordered,
    backwards: ordered && sortRest[0]![1] === -1,
    orderPart,
    covered: used === filterKeys && used === conditions.size,
  };
  // More parts answered by the index first; then one that gives the sort's order; then the shorter key.
  return { plan, score: used * 4 + (ordered ? 2 : 0) - index.def.fields.length * 0.01 };
}

/** The best index for a filter and sort, or null when none helps (the caller reads every document). */
export function planQuery(
  filter: Record<string, unknown>,
  indexes: readonly StoreIndex[],
  sort: Record<string, 1 | -1> | undefined,
): QueryPlan | null {
  const conditions = new Map<string, Condition>();
  const keys = Object.keys(filter);
  for (const k of keys) {
    if (k.startsWith('$')) continue;
    const c = conditionOf(filter[k]);
    if (c) conditions.set(k, c);
  }
  const sortList = Object.entries(sort ?? {}) as [string, 1 | -1][];
  let best: Candidate | null = null;
  for (const index of indexes) {
    const c = planFor(index, conditions, keys.length, sortList);
    if (c && (!best || c.score > best.score)) best = c;
  }
  return best?.plan ?? null;
}

/** Every document, in `_id` order (as NeDB answered a query no index served). */
export function fullScan(idIndex: StoreIndex): QueryPlan {
  return {
    index: idIndex,
    scans: [{ from: { key: KEY_MIN, no: -Infinity }, to: { key: KEY_MAX, no: Infinity } }],
    ordered: false,
    backwards: false,
    orderPart: 0,
    covered: false,
  };
}
