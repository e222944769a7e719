import type { EntryGatherer } from './entry-gatherer.js';
import { nedbModel } from './nedb-model.js';
import { KEY_MAX, KEY_MIN, SortedEntries } from './sorted-entries.js';

export interface IndexDefinition {
  /** Field paths in the index's order (the directions do not matter to an ordered index read both ways). */
  fields: string[];
  unique: boolean;
  sparse: boolean;
}

export function compareKeyParts(a: unknown, b: unknown): number {
  // Strings and numbers first and directly: most keys are, and NeDB orders them the same way.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (a === b) return 0;
  if (a === KEY_MAX || b === KEY_MIN) return 1;
  if (b === KEY_MAX || a === KEY_MIN) return -1;
  return nedbModel.compareThings(a, b);
}

function compareTuples(a: unknown, b: unknown): number {
  if (!Array.isArray(a) || !Array.isArray(b)) return compareKeyParts(a, b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareKeyParts(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Two documents hold the same key in a unique index. */
export class UniqueClash extends Error {
  constructor(
    readonly index: string,
    readonly key: unknown,
  ) {
    super(`${index}: ${String(key)}`);
  }
}

const isPrimitive = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');

/** The distinct values a document holds at one path: each element of an array, as Mongo indexes it. */
function valuesAt(doc: unknown, path: string[]): { values: unknown[]; array: boolean } {
  const v = path.length === 1 ? (doc as Record<string, unknown>)[path[0]!] : nedbModel.getDotValue(doc, path as never);
  if (!Array.isArray(v)) return { values: [v], array: false };
  if (v.every(isPrimitive)) return { values: [...new Set(v)], array: true };
  const values: unknown[] = [];
  for (const x of v) if (!values.some((y) => nedbModel.compareThings(x, y) === 0)) values.push(x);
  return { values, array: true };
}

/**
 * One declared index: a single field's values, or a compound key as a tuple. A document with an
 * array at an indexed path has one entry per element (`multikey` notes that an index has such
 * entries: its order then says nothing about the documents' order).
 */
export class StoreIndex {
  readonly name: string;
  readonly entries: SortedEntries;
  readonly multikey: boolean[];
  readonly compound: boolean;
  private readonly paths: string[][];
  /** Each document's value, for a single field no document holds an array at: orders candidates. */
  private values: unknown[] | null;

  constructor(readonly def: IndexDefinition) {
    this.name = def.fields.join(',');
    this.paths = def.fields.map((f) => f.split('.'));
    this.compound = def.fields.length > 1;
    this.entries = new SortedEntries(this.compound ? compareTuples : compareKeyParts);
    this.multikey = def.fields.map(() => false);
    this.values = this.compound ? null : [];
  }

  /**
   * The documents' values at this index's field, by number, when every document holds at most one
   * (a single field, never an array): a query sorted by it can order its candidates without reading them.
   */
  get ordersDocuments(): boolean {
    return this.values !== null && !this.multikey[0];
  }

  valueOf(no: number): unknown {
    return this.values?.[no];
  }

  private note(keys: unknown[], no: number): void {
    if (!this.values) return;
    if (this.multikey[0]) this.values = null;
    else this.values[no] = keys[0];
  }

  compareKeys(a: unknown, b: unknown): number {
    return this.compound ? compareTuples(a, b) : compareKeyParts(a, b);
  }

  /** The keys a document is indexed under (none when the index is sparse and it has no field). */
  keysOf(doc: unknown): unknown[] {
    const parts = this.paths.map((path, i) => {
      const at = valuesAt(doc, path);
      if (at.array) this.multikey[i] = true;
      return at.values;
    });
    if (this.def.sparse && parts.every((p) => p.length === 1 && p[0] === undefined)) return [];
    if (!this.compound) return parts[0]!;
    let tuples: unknown[][] = [[]];
    for (const values of parts) tuples = tuples.flatMap((t) => values.map((v) => [...t, v]));
    return tuples;
  }

  /** Fills the index from entries gathered in one pass; throws on a unique index's clash. */
  build(gathered: EntryGatherer, keep: (no: number) => boolean): void {
    this.entries.fill((push) =>
      gathered.sorted(
        (a, b) => this.compareKeys(a, b),
        keep,
        (key, no) => {
          push(key, no);
          this.note([key], no);
        },
      ),
    );
    if (!this.def.unique) return;
    const clash = this.entries.firstRepeat();
    if (clash) throw new UniqueClash(this.name, clash.key);
  }

  add(keys: unknown[], no: number): void {
    for (const k of keys) this.entries.insert(k, no);
    this.note(keys, no);
  }

  drop(keys: unknown[], no: number): void {
    for (const k of keys) this.entries.remove(k, no);
  }

  /** A key another document already holds in this unique index, if any. */
  clash(keys: unknown[], no: number): unknown {
    if (!this.def.unique) return undefined;
    return keys.find((k) => this.entries.holders(k, no).length > 0);
  }

  sameKeys(a: unknown[], b: unknown[]): boolean {
    return a.length === b.length && a.every((k, i) => this.compareKeys(k, b[i]) === 0);
  }
}
