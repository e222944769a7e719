/** A list of 32-bit integers that grows by doubling: half the memory of a JS array of numbers. */
class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = n;
  }

  at(i: number): number {
    return this.data[i]!;
  }
}

const isPlainKey = (k: unknown) => k === null || (typeof k !== 'object' && typeof k !== 'symbol');

/**
 * The entries of one index gathered while a file is read, for one sort at the end. Plain keys
 * (strings, numbers...) are kept once each as they arrive, with two integers per entry, so a key a
 * thousand bookings share costs one string, not a thousand (a year's bookings: 1.7 million search
 * key entries, half a million keys); the order is then a counting sort over the sorted distinct
 * keys. Tuples and dates are gathered as they are and sorted with the comparator.
 */
export class EntryGatherer {
  private readonly groups = new Map<unknown, number>();
  private readonly distinct: unknown[] = [];
  private groupOf = new IntList();
  private nos = new IntList();
  private general: { keys: unknown[]; nos: number[] } | null = null;

  add(key: unknown, no: number): void {
    if (!this.general && !isPlainKey(key)) this.general = this.spill();
    if (this.general) {
      this.general.keys.push(key);
      this.general.nos.push(no);
      return;
    }
    let g = this.groups.get(key);
    if (g === undefined) {
      g = this.distinct.length;
      this.groups.set(key, g);
      this.distinct.push(key);
    }
    this.groupOf.push(g);
    this.nos.push(no);
  }

  /**
   * Visits the entries `keep` accepts in order of key, then document number. Equal keys are one
   * value, so the index keeps a shared key once.
   */
  sorted(
    compareKeys: (a: unknown, b: unknown) => number,
    keep: (no: number) => boolean,
    visit: (key: unknown, no: number) => void,
  ): void {
    if (this.general) {
      sortGeneral(this.general, compareKeys, keep, visit);
      return;
    }
    const n = this.nos.length;
    const counts = new Int32Array(this.distinct.length);
    for (let i = 0; i < n; i++) if (keep(this.nos.at(i))) counts[this.groupOf.at(i)]!++;
    const ranked = Array.from({ length: this.distinct.length }, (_, g) => g).sort((a, b) =>
      compareKeys(this.distinct[a], this.distinct[b]),
    );
    const start = new Int32Array(this.distinct.length);
    let at = 0;
    for (const g of ranked) {
      start[g] = at;
      at += counts[g]!;
    }
    const placed = new Int32Array(at);
    const next = start.slice();
    for (let i = 0; i < n; i++) if (keep(this.nos.at(i))) placed[next[this.groupOf.at(i)]!++] = this.nos.at(i);
    for (const g of ranked) {
      // Numbers arrive in order from a load; a rebuild over reused numbers may not: sort that key's.
      const from = start[g]!;
      const to = from + counts[g]!;
      for (let i = from + 1; i < to; i++) {
        if (placed[i]! < placed[i - 1]!) {
          placed.subarray(from, to).sort();
          break;
        }
      }
      for (let i = from; i < to; i++) visit(this.distinct[g], placed[i]!);
    }
  }

  /** Moves what was gathered so far to the general form, once a key that is not plain arrives. */
  private spill(): { keys: unknown[]; nos: number[] } {
    const keys: unknown[] = [];
    const nos: number[] = [];
    for (let i = 0; i < this.nos.length; i++) {
      keys.push(this.distinct[this.groupOf.at(i)]);
      nos.push(this.nos.at(i));
    }
    this.groupOf = new IntList();
    this.nos = new IntList();
    return { keys, nos };
  }
}

function sortGeneral(
  entries: { keys: unknown[]; nos: number[] },
  compareKeys: (a: unknown, b: unknown) => number,
  keep: (no: number) => boolean,
  visit: (key: unknown, no: number) => void,
): void {
  const order: number[] = [];
  entries.nos.forEach((no, i) => {
    if (keep(no)) order.push(i);
  });
  order.sort((i, j) => compareKeys(entries.keys[i], entries.keys[j]) || entries.nos[i]! - entries.nos[j]!);
  let previous: { key: unknown } | null = null;
  for (const i of order) {
    // Equal keys share one value in the index.
    const key: unknown = previous && compareKeys(previous.key, entries.keys[i]) === 0 ? previous.key : entries.keys[i];
    visit(key, entries.nos[i]!);
    previous = { key };
  }
}
