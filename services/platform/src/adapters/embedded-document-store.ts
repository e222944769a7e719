import { mkdirSync, promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  Update,
} from '../ports/document-store.js';
import { DuplicateKeyError } from '../errors.js';

/**
 * File-backed store on @seald-io/nedb (the maintained fork of NeDB): one append-only file per
 * collection, Mongo's query and update language, atomic single-document updates, unique indexes,
 * and compaction on load and on a timer. Chosen over a home-made log because it already handles
 * crash-truncated last lines and compaction, and it speaks the same filters as the mongodb adapter.
 */
export class EmbeddedDocumentStore implements DocumentStore {
  private readonly stores = new Map<string, EmbeddedCollection<Doc>>();
  private closed = false;
  private probing: Promise<void> | null = null;
  private probeCount = 0;

  constructor(
    private readonly dir: string,
    private readonly compactEveryMs = 10 * 60_000,
  ) {
    // Created once here, not in ping(): a folder that disappears later must show as not ready.
    mkdirSync(dir, { recursive: true });
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (!/^[a-zA-Z0-9_-]+$/.test(name)) throw new Error(`Bad collection name: ${name}`);
    let c = this.stores.get(name);
    if (!c) {
      c = new EmbeddedCollection<Doc>(name, path.join(this.dir, `${name}.db`), this.compactEveryMs, () =>
        this.ensureOpen(),
      );
      this.stores.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  /**
   * Concurrent readiness checks share one probe in flight: checks that each wrote and deleted the
   * same file used to delete each other's and report the store down under load.
   */
  ping(): Promise<void> {
    try {
      this.ensureOpen();
    } catch (err) {
      return Promise.reject(err);
    }
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /** The store is usable only while its folder exists and is writable: probe it for real. */
  private async probe(): Promise<void> {
    await fs.access(this.dir, fsConstants.W_OK);
    // A name of its own as well, so even another process sharing the folder cannot collide with it.
    const probe = path.join(this.dir, `.ready-probe-${process.pid}-${++this.probeCount}`);
    await fs.writeFile(probe, String(Date.now()));
    await fs.unlink(probe);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.stores.values()].map((c) => c.close()));
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Document store is closed');
  }
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  private db: Datastore<T> | null = null;
  private loading: Promise<Datastore<T>> | null = null;

  constructor(
    private readonly name: string,
    private readonly file: string,
    private readonly compactEveryMs: number,
    private readonly ensureOpen: () => void,
  ) {}

  private async open(): Promise<Datastore<T>> {
    this.ensureOpen();
    if (this.db) return this.db;
    this.loading ??= (async () => {
      const db = new Datastore<T>({ filename: this.file, timestampData: false });
      await db.loadDatabaseAsync();
      if (this.compactEveryMs > 0) db.setAutocompactionInterval(this.compactEveryMs);
      this.db = db;
      return db;
    })();
    return this.loading;
  }

  async insertOne(doc: T): Promise<T> {
    const db = await this.open();
    try {
      return (await db.insertAsync(structuredClone(doc))) as T;
    } catch (err) {
      throw mapError(err, this.name);
    }
  }

  /** In process there is no round trip to save: one insert after another, as Mongo's ordered insert. */
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
    const db = await this.open();
    return ((await db.findOneAsync(filter)) as T | null) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const db = await this.open();
    const from = options.skip ?? 0;
    const run = (limit: number | undefined) => {
      let cursor = db.findAsync(filter);
      if (options.sort) cursor = cursor.sort(options.sort);
      if (limit) cursor = cursor.limit(limit);
      return cursor as Promise<T[]>;
    };
    // A range over an index of an array field lists a document once per matching element; Mongo
    // returns it once. Read up to the page's end: with no repeat so far, those are the distinct
    // documents; with one, read them all and page over the distinct ones.
    const upTo = options.limit ? from + options.limit : undefined;
    let docs = await run(upTo);
    if (distinctById(docs).length !== docs.length) docs = distinctById(await run(undefined));
    return docs.slice(from, upTo);
  }

  async updateOne(filter: Filter, update: Update): Promise<{ matched: number; modified: number }> {
    const db = await this.open();
    try {
      const { numAffected } = await db.updateAsync(filter, update, { multi: false });
      return { matched: numAffected, modified: numAffected };
    } catch (err) {
      throw mapError(err, this.name);
    }
  }

  async findOneAndUpdate(filter: Filter, update: Update): Promise<T | null> {
    const db = await this.open();
    try {
      const { affectedDocuments } = await db.updateAsync(filter, update, { multi: false, returnUpdatedDocs: true });
      return (affectedDocuments as T | null) ?? null;
    } catch (err) {
      throw mapError(err, this.name);
    }
  }

  async deleteOne(filter: Filter): Promise<number> {
    const db = await this.open();
    return db.removeAsync(filter, { multi: false });
  }

  async count(filter: Filter): Promise<number> {
    const db = await this.open();
    return db.countAsync(filter);
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const db = await this.open();
    const fields = Object.keys(spec.fields);
    await db.ensureIndexAsync({
      fieldName: fields.length === 1 ? fields[0]! : fields,
      unique: spec.unique ?? false,
      sparse: spec.sparse ?? false,
    });
  }

  async close(): Promise<void> {
    const db = this.db;
    if (!db) return;
    db.stopAutocompaction();
    // Compacting on close is a nicety: when the folder is gone (or the disk is stuck) it must not
    // hold shutdown, so it gets a short deadline and its failure is ignored.
    await Promise.race([
      db.compactDatafileAsync().catch(() => undefined),
      new Promise((r) => setTimeout(r, 2000).unref()),
    ]);
    this.db = null;
    this.loading = null;
  }
}

function distinctById<T extends Doc>(docs: T[]): T[] {
  const seen = new Set<unknown>();
  return docs.filter((d) => !seen.has(d._id) && seen.add(d._id));
}

function mapError(err: unknown, collection: string): unknown {
  const e = err as { errorType?: string; key?: unknown };
  if (e?.errorType === 'uniqueViolated') return new DuplicateKeyError(collection, String(e.key));
  return err;
}
