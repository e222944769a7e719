/** Greater than every key, so a bound on a leading part of a compound key covers all its tails. */
export const KEY_MAX: unique symbol = Symbol('key-max');

/** A position in an index: a key, and a document number that breaks ties (±Infinity to bound them). */
export interface Bound {
  key: unknown;
  no: number;
}

const CHUNK_MAX = 1024;
/** Chunks a build makes are half full, so inserts after it do not split at once. */
const CHUNK_FILL = 512;
/** Less than every key (the store's KEY_MIN, kept here so the index needs nothing from outside). */
export const KEY_MIN_BOUND: unique symbol = Symbol('key-min');

/**
 * The entries of one index, (key, document number) pairs in order, kept in chunks of at most
 * 1,024: an insert or a removal moves at most a chunk's slots, and a chunk holds its keys and
 * numbers in two flat arrays rather than a node object per entry (the index of a year's booking
 * search keys has millions of entries).
 */
export class SortedEntries {
  private keys: unknown[][] = [[]];
  private nos: number[][] = [[]];
  size = 0;

  constructor(private readonly compareKeys: (a: unknown, b: unknown) => number) {}

  /**
   * Fills an empty index with many entries at once: one sort instead of an insert each. Equal keys
   * share one value, so a search key a thousand bookings hold is kept once.
   */
  build(keys: unknown[], nos: number[]): void {
    if (this.size > 0) throw new Error('build() fills an empty index only');
    let order: ArrayLike<number> | null = byKeyThenNumber(keys, nos, this.compareKeys);
    if (!order) {
      const all = Array.from({ length: keys.length }, (_, i) => i);
      all.sort((i, j) => this.compare(keys[i], nos[i]!, keys[j], nos[j]!));
      order = all;
    }
    this.keys = [];
    this.nos = [];
    let previous: unknown = KEY_MAX;
    for (let start = 0; start < order.length; start += CHUNK_FILL) {
      const end = Math.min(start + CHUNK_FILL, order.length);
      const chunkKeys: unknown[] = new Array(end - start);
      const chunkNos: number[] = new Array(end - start);
      for (let n = start; n < end; n++) {
        const i = order[n]!;
        const key = previous !== KEY_MAX && this.compareKeys(previous, keys[i]) === 0 ? previous : keys[i];
        chunkKeys[n - start] = key;
        chunkNos[n - start] = nos[i]!;
        previous = key;
      }
      this.keys.push(chunkKeys);
      this.nos.push(chunkNos);
    }
    if (this.keys.length === 0) {
      this.keys.push([]);
      this.nos.push([]);
    }
    this.size = order.length;
  }

  /** Pairs of neighbouring entries with equal keys and different documents (a unique index's clash). */
  firstRepeat(): { key: unknown } | null {
    let previous: { key: unknown; no: number } | null = null;
    let found: { key: unknown } | null = null;
    this.scan({ key: KEY_MIN_BOUND, no: -Infinity }, { key: KEY_MAX, no: Infinity }, false, (key, no) => {
      if (previous && previous.no !== no && this.compareKeys(previous.key, key) === 0) {
        found = { key };
        return false;
      }
      previous = { key, no };
      return true;
    });
    return found;
  }

  insert(key: unknown, no: number): void {
    const c = this.chunkFor(key, no);
    const keys = this.keys[c]!;
    const nos = this.nos[c]!;
    const at = this.lowerBound(keys, nos, key, no);
    // An equal key already held is reused rather than kept twice.
    if (at < keys.length && this.compareKeys(keys[at], key) === 0) key = keys[at];
    else if (at > 0 && this.compareKeys(keys[at - 1], key) === 0) key = keys[at - 1];
    keys.splice(at, 0, key);
    nos.splice(at, 0, no);
    this.size++;
    if (keys.length > CHUNK_MAX) {
      const half = keys.length >> 1;
      this.keys.splice(c + 1, 0, keys.splice(half));
      this.nos.splice(c + 1, 0, nos.splice(half));
    }
  }

  remove(key: unknown, no: number): boolean {
    const c = this.chunkFor(key, no);
    const keys = this.keys[c]!;
    const nos = this.nos[c]!;
    const at = this.lowerBound(keys, nos, key, no);
    if (at >= keys.length || nos[at] !== no || this.compareKeys(keys[at], key) !== 0) return false;
    keys.splice(at, 1);
    nos.splice(at, 1);
    this.size--;
    if (keys.length === 0 && this.keys.length > 1) {
      this.keys.splice(c, 1);
      this.nos.splice(c, 1);
    }
    return true;
  }

  /** The document numbers holding `key`, other than `except` (for unique checks). */
  holders(key: unknown, except = -1): number[] {
    const out: number[] = [];
    this.scan({ key, no: -Infinity }, { key, no: Infinity }, false, (_k, no) => {
      if (no !== except) out.push(no);
      return true;
    });
    return out;
  }

  /**
   * Visits the entries from `from` (inclusive) up to `to` (exclusive) in order, or backwards;
   * stops when the visitor answers false. Synchronous, so no write can move entries under it.
   */
  scan(from: Bound, to: Bound, backwards: boolean, visit: (key: unknown, no: number) => boolean): void {
    const [c0, i0] = this.position(from);
    const [c1, i1] = this.position(to);
    if (!backwards) {
      for (let c = c0, i = i0; c < c1 || (c === c1 && i < i1); ) {
        const keys = this.keys[c]!;
        if (i >= keys.length) {
          c++;
          i = 0;
          continue;
        }
        if (!visit(keys[i], this.nos[c]![i]!)) return;
        i++;
      }
      return;
    }
    for (let c = c1, i = i1 - 1; c > c0 || (c === c0 && i >= i0); ) {
      if (i < 0) {
        c--;
        i = (this.keys[c]?.length ?? 0) - 1;
        continue;
      }
      if (!visit(this.keys[c]![i], this.nos[c]![i]!)) return;
      i--;
    }
  }

  private compare(ka: unknown, na: number, kb: unknown, nb: number): number {
    const c = this.compareKeys(ka, kb);
    return c !== 0 ? c : na - nb;
  }

  /** The chunk and slot of the first entry at or after the bound. */
  private position(b: Bound): [number, number] {
    const c = this.chunkFor(b.key, b.no);
    return [c, this.lowerBound(this.keys[c]!, this.nos[c]!, b.key, b.no)];
  }

  /** The first chunk whose last entry is at or after (key, no); the last chunk when none is. */
  private chunkFor(key: unknown, no: number): number {
    let lo = 0;
    let hi = this.keys.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const keys = this.keys[mid]!;
      const last = keys.length - 1;
      if (this.compare(keys[last], this.nos[mid]![last]!, key, no) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(keys: unknown[], nos: number[], key: unknown, no: number): number {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(keys[mid], nos[mid]!, key, no) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const isPrimitiveKey = (k: unknown) => k === null || (typeof k !== 'object' && typeof k !== 'symbol');

/**
 * The entries' order when every key is a plain value and the numbers come in order (as a load
 * gathers them): the distinct keys sorted, then a counting sort of the entries by key (a year's
 * search keys repeat: 1.7 million entries, half a million keys), several times faster than
 * comparing every pair. Null otherwise, for the caller to sort with the comparator.
 */
function byKeyThenNumber(
  keys: unknown[],
  nos: number[],
  compareKeys: (a: unknown, b: unknown) => number,
): Int32Array | null {
  if (!keys.every(isPrimitiveKey)) return null;
  for (let i = 1; i < nos.length; i++) if (nos[i]! < nos[i - 1]!) return null;
  const groupOf = new Int32Array(keys.length);
  const groups = new Map<unknown, number>();
  const distinct: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    let g = groups.get(keys[i]);
    if (g === undefined) {
      g = distinct.length;
      groups.set(keys[i], g);
      distinct.push(keys[i]);
    }
    groupOf[i] = g;
  }
  const counts = new Int32Array(distinct.length);
  for (let i = 0; i < keys.length; i++) counts[groupOf[i]!]!++;
  const ranked = Array.from({ length: distinct.length }, (_, g) => g).sort((a, b) =>
    compareKeys(distinct[a], distinct[b]),
  );
  const next = new Int32Array(distinct.length);
  let at = 0;
  for (const g of ranked) {
    next[g] = at;
    at += counts[g]!;
  }
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) order[next[groupOf[i]!]!++] = i;
  return order;
}
