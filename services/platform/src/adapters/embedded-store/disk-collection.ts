import { randomBytes } from 'node:crypto';
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Update } from '../../ports/document-store.js';
import { DuplicateKeyError } from '../../errors.js';
import { CollectionFile, type LineWriter } from './collection-file.js';
import { EntryGatherer } from './entry-gatherer.js';
import { nedbModel } from './nedb-model.js';
import { fullScan, planQuery, type QueryPlan } from './query-plan.js';
import { type IndexDefinition, StoreIndex, UniqueClash } from './store-index.js';

/** Lines the file may have that are not documents: a declared index, a deletion. */
interface IndexLine {
  $$index: IndexDefinition;
}
interface DeletedLine {
  $$deleted: true;
  _id: string;
}

/** More unreadable lines than this share of the file stops the load (NeDB's threshold). */
const CORRUPT_SHARE = 0.1;
/** Rewrite the file when its dead lines outweigh the live ones and this many bytes. */
const COMPACT_FLOOR_BYTES = 1024 * 1024;
const ID_INDEX: IndexDefinition = { fields: ['_id'], unique: true, sparse: false };

/** A line back to its document; only a line holding a date needs NeDB's (much slower) reviver. */
function parseLine(text: string): unknown {
  return text.includes('"$$date"') ? nedbModel.deserialize(text) : JSON.parse(text);
}

/** Documents a stream reads from disk at once. */
const STREAM_BATCH = 256;

/** `find`'s order of documents for a sort: each field in turn, in its direction. */
function documentOrder(sort: Record<string, 1 | -1>): (a: unknown, b: unknown) => number {
  const order = Object.entries(sort);
  return (a, b) => {
    for (const [f, dir] of order) {
      const c = nedbModel.compareThings(nedbModel.getDotValue(a, f), nedbModel.getDotValue(b, f));
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

/** The same order on the sort fields' values taken out of the documents (in the sort's field order). */
function valuesOrder(sort: Record<string, 1 | -1>): (a: unknown[], b: unknown[]) => number {
  const dirs = Object.values(sort);
  return (a, b) => {
    for (let k = 0; k < dirs.length; k++) {
      const c = nedbModel.compareThings(a[k], b[k]);
      if (c !== 0) return c * dirs[k]!;
    }
    return 0;
  };
}

/** Runs tasks one at a time, in the order given. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Settles once every task queued so far has run. */
  drained(): Promise<unknown> {
    return this.tail;
  }

  run<R>(task: () => Promise<R>): Promise<R> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/** Candidates' numbers and, when they come in the sort's order, each one's first sort key. */
interface Candidates {
  nos: number[];
  keys: unknown[];
}

/** Candidates in order, `size` at a time, as the index walk gives them. */
function* inBatches(all: Candidates, size: number): Generator<Candidates> {
  for (let i = 0; i < all.nos.length; i += size)
    yield { nos: all.nos.slice(i, i + size), keys: all.keys.slice(i, i + size) };
}

/**
 * Candidates in the sort's first key's order: the index walk (read lazily, in batches), or every
 * candidate already sorted by another index's values.
 */
type SortOrder = { walk: Iterable<Candidates>; ordered: boolean } | { sorted: Candidates; ordered: true };

/** The candidates a batch at a time, whichever way they came. */
const batchesOf = (order: SortOrder, size: number): Iterable<Candidates> =>
  'sorted' in order ? inBatches(order.sorted, size) : order.walk;

/** Every candidate at once, whichever way they came: the sorted list as it is, the walk gathered. */
function allOf(order: SortOrder): Candidates {
  if ('sorted' in order) return order.sorted;
  const all: Candidates = { nos: [], keys: [] };
  for (const batch of order.walk) {
    for (const no of batch.nos) all.nos.push(no);
    for (const key of batch.keys) all.keys.push(key);
  }
  return all;
}

interface Hit<T> {
  no: number;
  doc: T;
}

/**
 * A collection kept on disk: each document's latest line is found by its number (offset and
 * length in memory), the declared indexes hold keys and numbers only, and a query reads from disk
 * just the documents its index range names, stopping at the page's end when the index gives the
 * sort's order. Matching, updates and ordering are NeDB's, on the documents read.
 */
export class DiskCollection<T extends Doc> implements Collection<T> {
  private file: CollectionFile | null = null;
  private loading: Promise<CollectionFile> | null = null;
  private offsets: number[] = [];
  private lengths: number[] = [];
  private free: number[] = [];
  private liveBytes = 0;
  private indexes: StoreIndex[] = [new StoreIndex(ID_INDEX)];
  private readonly writes = new Queue();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly name: string,
    private readonly path: string,
    private readonly compactEveryMs: number,
    private readonly ensureOpen: () => void,
  ) {}

  async insertOne(doc: T): Promise<T> {
    const file = await this.open();
    return this.writes.run(async () => {
      const prepared = nedbModel.deepCopy(doc) as T;
      if (prepared._id === undefined) prepared._id = randomBytes(12).toString('base64url');
      nedbModel.checkObject(prepared);
      const keys = this.indexes.map((ix) => ix.keysOf(prepared));
      this.checkUnique(keys, -1);
      const at = await file.append(nedbModel.serialize(prepared));
      const no = this.free.pop() ?? this.offsets.length;
      this.place(no, at);
      for (const [i, ix] of this.indexes.entries()) ix.add(keys[i]!, no);
      return nedbModel.deepCopy(prepared);
    });
  }

  async insertOrdered(docs: T[]): Promise<number> {
    let inserted = 0;
    for (const doc of docs) {
      try {
        await this.insertOne(doc);
      } catch (err) {
        if (err instanceof DuplicateKeyError) return inserted;
        throw err;
      }
      inserted++;
    }
    return inserted;
  }

  async findOne(filter: Filter): Promise<T | null> {
    await this.readable();
    return (await this.select(filter, { limit: 1 }))[0]?.doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    await this.readable();
    return (await this.select(filter, options)).map((h) => h.doc);
  }

  /**
   * `find`'s answer a batch at a time. Candidates the index gives in the sort's order (or no sort)
   * are read in that order; with more sort keys, each group sharing the first key is ordered by
   * the rest before it is passed on. Otherwise a first pass reads the candidates to keep each
   * match's number and sort values only, orders those as `find` would, and a second pass reads the
   * documents in that order (matched again: one may have changed between the passes). So a batch
   * of documents is held at a time (or one such group), never the whole answer.
   */
  async *stream(filter: Filter, options: FindOptions = {}): AsyncGenerator<T> {
    await this.readable();
    const plan = planQuery(filter, this.indexes, options.sort) ?? fullScan(this.indexes[0]!);
    // The candidates' numbers (and sort keys) are taken at once: numbers only, never documents.
    const order = this.inSortOrder(plan, options.sort, STREAM_BATCH);
    const found = allOf(order);
    const skip = options.skip ?? 0;
    const need = options.limit ? skip + options.limit : Number.POSITIVE_INFINITY;
    const all =
      options.sort && !order.ordered
        ? this.streamSortedApart(filter, found.nos, options.sort, need)
        : this.streamInOrder(filter, found, options.sort);
    let seen = 0;
    for await (const doc of all) {
      if (seen++ < skip) continue;
      yield doc;
      if (seen >= need) return;
    }
  }

  async updateOne(filter: Filter, update: Update): Promise<{ matched: number; modified: number }> {
    const done = await this.updateFirst(filter, update);
    return done ? { matched: 1, modified: 1 } : { matched: 0, modified: 0 };
  }

  async findOneAndUpdate(filter: Filter, update: Update): Promise<T | null> {
    return this.updateFirst(filter, update);
  }

  async deleteOne(filter: Filter): Promise<number> {
    const file = await this.open();
    return this.writes.run(async () => {
      const [hit] = await this.select(filter, { limit: 1 });
      if (!hit) return 0;
      const gone: DeletedLine = { $$deleted: true, _id: hit.doc._id };
      await file.append(JSON.stringify(gone));
      for (const ix of this.indexes) ix.drop(ix.keysOf(hit.doc), hit.no);
      this.forget(hit.no);
      return 1;
    });
  }

  async count(filter: Filter): Promise<number> {
    await this.readable();
    if (Object.keys(filter).length === 0) return this.indexes[0]!.entries.size;
    const plan = planQuery(filter, this.indexes, undefined);
    if (plan?.covered) {
      let n = 0;
      for (const { nos } of this.candidates(plan, 1024)) n += nos.length;
      return n;
    }
    return (await this.select(filter, {})).length;
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const file = await this.open();
    const fields = Object.keys(spec.fields);
    if (this.indexes.some((ix) => ix.name === fields.join(','))) return;
    await this.writes.run(async () => {
      if (this.indexes.some((ix) => ix.name === fields.join(','))) return;
      const def: IndexDefinition = { fields, unique: spec.unique ?? false, sparse: spec.sparse ?? false };
      const index = new StoreIndex(def);
      await this.buildFromFile(file, [index]);
      const line: IndexLine = { $$index: def };
      await file.append(JSON.stringify(line));
      this.indexes.push(index);
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const file = this.file;
    if (!file) return;
    await this.writes.run(() => file.close());
    this.file = null;
    this.loading = null;
  }

  private async updateFirst(filter: Filter, update: Update): Promise<T | null> {
    const file = await this.open();
    return this.writes.run(async () => {
      const [hit] = await this.select(filter, { limit: 1 });
      if (!hit) return null;
      const next = nedbModel.modify(hit.doc, update) as T;
      const before = this.indexes.map((ix) => ix.keysOf(hit.doc));
      const after = this.indexes.map((ix) => ix.keysOf(next));
      this.checkUnique(after, hit.no);
      const at = await file.append(nedbModel.serialize(next));
      this.liveBytes -= this.lengths[hit.no]! + 1;
      this.place(hit.no, at);
      this.indexes.forEach((ix, i) => {
        if (ix.sameKeys(before[i]!, after[i]!)) return;
        ix.drop(before[i]!, hit.no);
        ix.add(after[i]!, hit.no);
      });
      return nedbModel.deepCopy(next);
    });
  }

  private place(no: number, at: { offset: number; length: number }): void {
    this.offsets[no] = at.offset;
    this.lengths[no] = at.length;
    this.liveBytes += at.length + 1;
  }

  private checkUnique(keys: unknown[][], no: number): void {
    this.indexes.forEach((ix, i) => {
      const clash = ix.clash(keys[i]!, no);
      if (clash !== undefined) throw new DuplicateKeyError(this.name, `${ix.name}: ${String(clash)}`);
    });
  }

  /**
   * The documents an index range names, in the index's order, `size` at a time (a multikey
   * index's document once): a page read stops walking the range once it is full.
   */
  private *candidates(plan: QueryPlan, size: number): Generator<{ nos: number[]; keys: unknown[] }> {
    const seen = plan.index.multikey.some(Boolean) ? new Set<number>() : null;
    const part = plan.index.compound ? (k: unknown) => (k as unknown[])[plan.orderPart] : (k: unknown) => k;
    for (const s of plan.scans) {
      for (const batch of plan.index.entries.batches(s.from, s.to, plan.backwards, size)) {
        const nos: number[] = [];
        const keys: unknown[] = [];
        batch.nos.forEach((no, i) => {
          if (seen) {
            if (seen.has(no)) return;
            seen.add(no);
          }
          nos.push(no);
          if (plan.ordered) keys.push(part(batch.keys[i]));
        });
        if (nos.length > 0) yield { nos, keys };
      }
    }
  }

  /**
   * Reads the candidates in batches, keeps those the filter matches and stops once the page is
   * full: at once without a sort; with one the index orders, after the last key's ties.
   */
  private async select(filter: Filter, options: FindOptions): Promise<Hit<T>[]> {
    const plan = planQuery(filter, this.indexes, options.sort) ?? fullScan(this.indexes[0]!);
    const skip = options.skip ?? 0;
    const need = options.limit ? skip + options.limit : Number.POSITIVE_INFINITY;
    const batch = Number.isFinite(need) ? Math.min(Math.max(need + 8, 8), 128) : 256;
    const order = this.inSortOrder(plan, options.sort, batch);
    const canStop = !options.sort || order.ordered;
    const hits: Hit<T>[] = [];
    // A document a write moved further along the range between two batches is kept once.
    const hit = new Set<number>();
    let boundary: { key: unknown } | null = null;
    scan: for (const { nos, keys } of batchesOf(order, batch)) {
      const docs = await Promise.all(nos.map((no) => this.read(no)));
      for (let j = 0; j < nos.length; j++) {
        if (boundary && nedbModel.compareThings(keys[j], boundary.key) !== 0) break scan;
        const doc = docs[j];
        if (!doc || hit.has(nos[j]!) || !nedbModel.match(doc, filter)) continue;
        hits.push({ no: nos[j]!, doc });
        hit.add(nos[j]!);
        if (canStop && hits.length >= need) {
          if (!options.sort) break scan;
          boundary ??= { key: keys[j] };
        }
      }
    }
    if (options.sort) {
      const compare = documentOrder(options.sort);
      hits.sort((a, b) => compare(a.doc, b.doc));
    }
    return hits.slice(skip, need);
  }

  /**
   * Candidates in the order of the sort's first key: as the index walks them (read lazily), or,
   * when another index holds that field's one value per document, every candidate's number sorted
   * by it without reading any document (a search by a name many bookings share, newest first,
   * reads one page, not every match).
   */
  private inSortOrder(plan: QueryPlan, sort: FindOptions['sort'], size: number): SortOrder {
    const walk = this.candidates(plan, size);
    if (plan.ordered || !sort) return { walk, ordered: plan.ordered };
    const [field, dir] = Object.entries(sort)[0] ?? [];
    const by = this.indexes.find((ix) => ix.ordersDocuments && ix.def.fields[0] === field);
    if (!by || dir === undefined) return { walk, ordered: false };
    const pairs: { no: number; key: unknown }[] = [];
    for (const { nos } of walk) for (const no of nos) pairs.push({ no, key: by.valueOf(no) });
    pairs.sort((a, b) => nedbModel.compareThings(a.key, b.key) * dir);
    const sorted: Candidates = { nos: new Array(pairs.length), keys: new Array(pairs.length) };
    pairs.forEach((p, i) => {
      sorted.nos[i] = p.no;
      sorted.keys[i] = p.key;
    });
    return { sorted, ordered: true };
  }

  /**
   * Matches of candidates that come in the sort's first key's order (or with no sort). Ties of a
   * single key stay in the candidates' order, as find's stable sort leaves them.
   */
  private async *streamInOrder(
    filter: Filter,
    found: { nos: number[]; keys: unknown[] },
    sort: FindOptions['sort'],
  ): AsyncGenerator<T> {
    const compare = sort && Object.keys(sort).length > 1 ? documentOrder(sort) : null;
    let tied: T[] = [];
    let tiedKey: unknown;
    for await (const batch of this.batches(found.nos)) {
      for (const { i, doc } of batch) {
        if (!nedbModel.match(doc, filter)) continue;
        if (!compare) {
          yield doc;
          continue;
        }
        if (tied.length > 0 && nedbModel.compareThings(found.keys[i], tiedKey) !== 0) {
          yield* tied.sort(compare);
          tied = [];
        }
        tied.push(doc);
        tiedKey = found.keys[i];
      }
    }
    if (compare) yield* tied.sort(compare);
  }

  /** Matches in an order no index gives: sorted by their values first, then read again in order. */
  private async *streamSortedApart(
    filter: Filter,
    nos: number[],
    sort: NonNullable<FindOptions['sort']>,
    need: number,
  ): AsyncGenerator<T> {
    const fields = Object.keys(sort);
    const matched: { no: number; values: unknown[] }[] = [];
    for await (const batch of this.batches(nos))
      for (const { no, doc } of batch)
        if (nedbModel.match(doc, filter))
          matched.push({ no, values: fields.map((f) => nedbModel.getDotValue(doc, f)) });
    const compare = valuesOrder(sort);
    matched.sort((a, b) => compare(a.values, b.values));
    const order = matched.slice(0, need).map((m) => m.no);
    matched.length = 0;
    for await (const batch of this.batches(order))
      for (const { doc } of batch) if (nedbModel.match(doc, filter)) yield doc;
  }

  /**
   * The documents numbered, in that order, a batch at a time (each with its place in `nos`);
   * a document deleted since is left out. Throws once the store or the collection is closed.
   */
  private async *batches(nos: number[]): AsyncGenerator<{ i: number; no: number; doc: T }[]> {
    for (let at = 0; at < nos.length; at += STREAM_BATCH) {
      this.ensureOpen();
      if (!this.file) throw new Error(`${this.name}: the collection was closed during a read`);
      const slice = nos.slice(at, at + STREAM_BATCH);
      const docs = await Promise.all(slice.map((no) => this.read(no)));
      const batch: { i: number; no: number; doc: T }[] = [];
      docs.forEach((doc, j) => {
        if (doc) batch.push({ i: at + j, no: slice[j]!, doc });
      });
      yield batch;
    }
  }

  private async read(no: number): Promise<T | null> {
    const offset = this.offsets[no];
    const file = this.file;
    if (offset === undefined || offset < 0 || !file) return null;
    return parseLine(await file.read(offset, this.lengths[no]!)) as T;
  }

  /**
   * A read sees every write asked for before it (as NeDB's one queue gave): it waits for the writes
   * queued so far, not for those asked for after it.
   */
  private async readable(): Promise<void> {
    await this.open();
    await this.writes.drained();
  }

  private async open(): Promise<CollectionFile> {
    this.ensureOpen();
    if (this.file) return this.file;
    this.loading ??= this.writes.run(() => this.load());
    return this.loading;
  }

  /**
   * Reads the file once: each document's latest line, the declared indexes and, per index, the
   * keys of every line seen, then builds each index with one sort. Keys of lines a later line
   * replaced are dropped at the build. An index declared after documents (a new `ensureIndex` on a
   * full collection, until the next compaction) is built by a second read.
   */
  private async load(): Promise<CollectionFile> {
    const file = await CollectionFile.open(this.path);
    const latest = new Map<string, number>();
    const gathered = new Map<StoreIndex, EntryGatherer>();
    const late: StoreIndex[] = [];
    const gather = (ix: StoreIndex) => gathered.set(ix, new EntryGatherer());
    gather(this.indexes[0]!);
    let lines = 0;
    let unreadable = 0;
    const cut = await file.eachLine((text, offset, length) => {
      lines++;
      let line: Partial<Doc & IndexLine & DeletedLine>;
      try {
        line = parseLine(text) as typeof line;
      } catch {
        unreadable++;
        return;
      }
      if (line.$$index) return this.declareOnLoad(line.$$index, latest.size > 0 ? late : null, gather);
      if (typeof line._id !== 'string') return;
      const before = latest.get(line._id);
      if (before !== undefined) this.forget(before);
      if (line.$$deleted === true) {
        latest.delete(line._id);
        return;
      }
      const no = this.offsets.length;
      this.place(no, { offset, length });
      latest.set(line._id, no);
      for (const [ix, g] of gathered) for (const key of ix.keysOf(line)) g.add(key, no);
    });
    if (lines > 0 && unreadable / lines > CORRUPT_SHARE)
      throw new Error(`${this.path}: ${unreadable} of ${lines} lines cannot be read; the file looks damaged`);
    if (cut < file.size) await file.truncate(cut);
    latest.clear();
    const live = (no: number) => this.offsets[no]! >= 0;
    for (const [ix, g] of gathered) {
      ix.build(g, live);
      gathered.delete(ix);
    }
    if (late.length > 0) await this.buildFromFile(file, late);
    this.file = file;
    // A rewrite puts the declarations first, so the next load reads the file once.
    if (late.length > 0 || this.worthCompacting()) await this.compact(file);
    if (this.compactEveryMs > 0) {
      this.timer = setInterval(() => {
        if (this.file && this.worthCompacting()) void this.writes.run(() => this.compact(file)).catch(() => undefined);
      }, this.compactEveryMs);
      this.timer.unref();
    }
    return file;
  }

  private declareOnLoad(def: IndexDefinition, late: StoreIndex[] | null, gather: (ix: StoreIndex) => unknown): void {
    if (this.indexes.some((ix) => ix.name === def.fields.join(','))) return;
    const ix = new StoreIndex(def);
    this.indexes.push(ix);
    if (late) late.push(ix);
    else gather(ix);
  }

  /** A document number whose line a later one replaced: free for reuse once the load is done. */
  private forget(no: number): void {
    this.liveBytes -= this.lengths[no]! + 1;
    this.offsets[no] = -1;
    this.free.push(no);
  }

  /** Builds indexes from the live documents, reading the file once for all of them. */
  private async buildFromFile(file: CollectionFile, indexes: StoreIndex[]): Promise<void> {
    const gathered = indexes.map(() => new EntryGatherer());
    await this.eachLiveDoc(file, (doc, no) => {
      indexes.forEach((ix, i) => {
        for (const key of ix.keysOf(doc)) gathered[i]!.add(key, no);
      });
    });
    try {
      for (const [i, ix] of indexes.entries()) ix.build(gathered[i]!, () => true);
    } catch (err) {
      if (err instanceof UniqueClash) throw new DuplicateKeyError(this.name, err.message);
      throw err;
    }
  }

  private worthCompacting(): boolean {
    const dead = (this.file?.size ?? 0) - this.liveBytes;
    return dead > this.liveBytes && dead > COMPACT_FLOOR_BYTES;
  }

  /** Visits every live document with its number, reading the file once in order. */
  private async eachLiveDoc(file: CollectionFile, visit: (doc: T, no: number) => void): Promise<void> {
    const numberAt = this.numbersByOffset();
    await file.eachLine((text, offset) => {
      const no = numberAt.get(offset);
      if (no !== undefined) visit(parseLine(text) as T, no);
    });
  }

  private numbersByOffset(): Map<number, number> {
    const numberAt = new Map<number, number>();
    this.offsets.forEach((offset, no) => {
      if (offset >= 0) numberAt.set(offset, no);
    });
    return numberAt;
  }

  /** Rewrites the file with the index declarations and each document's latest line only. */
  private async compact(file: CollectionFile): Promise<void> {
    const numberAt = this.numbersByOffset();
    const offsets = this.offsets.slice();
    await file.replace(
      async (out: LineWriter) => {
        for (const ix of this.indexes.slice(1)) out.line(JSON.stringify({ $$index: ix.def } satisfies IndexLine));
        await file.eachLine(
          (text, offset) => {
            const no = numberAt.get(offset);
            if (no !== undefined) offsets[no] = out.line(text).offset;
          },
          () => out.flush(),
        );
      },
      () => {
        this.offsets = offsets;
      },
    );
  }
}
