/** Greater than every key, so a bound on a leading part of a compound key covers all its tails. */
export const KEY_MAX: unique symbol = Symbol('key-max');
/** Less than every key: the open start of a scan. */
export const KEY_MIN: unique symbol = Symbol('key-min');

/** A position in an index: a key, and a document number that breaks ties (±Infinity to bound them). */
export interface Bound {
  key: unknown;
  no: number;
}

const CHUNK_MAX = 1024;
/** Chunks a build makes are half full, so inserts after it do not split at once. */
const CHUNK_FILL = 512;

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

  /** Fills an empty index from entries given in order (a gatherer's sort): no insert each. */
  fill(each: (push: (key: unknown, no: number) => void) => void): void {
    if (this.size > 0) throw new Error('fill() fills an empty index only');
    this.keys = [[]];
    this.nos = [[]];
    each((key, no) => {
      let keys = this.keys[this.keys.length - 1]!;
      if (keys.length === CHUNK_FILL) {
        keys = [];
        this.keys.push(keys);
        this.nos.push([]);
      }
      keys.push(key);
      this.nos[this.nos.length - 1]!.push(no);
      this.size++;
    });
  }

  /** Pairs of neighbouring entries with equal keys and different documents (a unique index's clash). */
  firstRepeat(): { key: unknown } | null {
    let previous: { key: unknown; no: number } | null = null;
    let found: { key: unknown } | null = null;
    this.scan({ key: KEY_MIN, no: -Infinity }, { key: KEY_MAX, no: Infinity }, false, (key, no) => {
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

  /**
   * The entries scan would visit, `size` at a time, each batch taken at once when asked for. The
   * next batch starts from the last entry given, found again by its key and number rather than by
   * its slot: a reader that awaits between batches may see writes in between (as a Mongo cursor
   * does), but a chunk split or an entry removed cannot make it skip or repeat the entries in place.
   */
  *batches(from: Bound, to: Bound, backwards: boolean, size: number): Generator<{ keys: unknown[]; nos: number[] }> {
    let [lo, hi] = [from, to];
    for (;;) {
      const keys: unknown[] = [];
      const nos: number[] = [];
      this.scan(lo, hi, backwards, (key, no) => {
        keys.push(key);
        nos.push(no);
        return keys.length < size;
      });
      if (keys.length > 0) yield { keys, nos };
      if (keys.length < size) return;
      const last = { key: keys[keys.length - 1], no: nos[nos.length - 1]! };
      // Forwards, the first entry after the last (numbers are whole); backwards, those before it.
      if (backwards) hi = last;
      else lo = { key: last.key, no: last.no + 0.5 };
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
