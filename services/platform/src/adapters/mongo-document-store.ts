import type { Collection as DriverCollection, Db, Document, MongoClient } from 'mongodb';
import type {
  Collection,
  Doc,
  DocumentStore,
  Filter,
  FindOptions,
  IndexSpec,
  Update,
} from '../ports/document-store.js';
import { DuplicateKeyError, StoreUnavailableError } from '../errors.js';
import type { Logger } from '../logger.js';

export interface MongoStoreOptions {
  url: string;
  dbName: string;
  logger?: Logger;
  /** How long to wait for a reachable server before a call fails (and readiness with it). */
  serverSelectionTimeoutMs?: number;
}

const DUPLICATE_KEY = 11000;
/** Documents a stream's cursor fetches a round trip: a few hundred KB of bookings, not up to 16 MB (the server's default after the first batch). */
const STREAM_BATCH_SIZE = 500;

/**
 * DocumentStore on the official mongodb driver. Filters and updates are already Mongo's language,
 * so this adapter only maps results and errors; single-document atomicity comes from the server.
 */
export class MongoDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, MongoCollection<Doc>>();
  private closed = false;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects before returning, so a wrong MONGO_URL fails the service at start, not on first request. */
  static async connect(options: MongoStoreOptions): Promise<MongoDocumentStore> {
    // Loaded here, not at the top: embedded mode must never pay for (or depend on) the driver.
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(options.url, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5_000,
      // Writes are single-document and idempotent by design; retryable writes need sessions the
      // Mongo-protocol test server lacks, so they stay off everywhere for one behaviour.
      retryWrites: false,
    });
    await client.connect();
    const db = client.db(options.dbName);
    await db.command({ ping: 1 });
    options.logger?.info({ db: options.dbName }, 'connected to MongoDB');
    return new MongoDocumentStore(client, db);
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    if (!/^[a-zA-Z0-9_-]+$/.test(name)) throw new Error(`Bad collection name: ${name}`);
    let c = this.collections.get(name);
    if (!c) {
      c = new MongoCollection<Doc>(name, this.db.collection(name), () => this.ensureOpen());
      this.collections.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  async ping(): Promise<void> {
    this.ensureOpen();
    await this.db.command({ ping: 1 });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Document store is closed');
  }
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly col: DriverCollection<Document>,
    private readonly ensureOpen: () => void,
  ) {}

  async insertOne(doc: T): Promise<T> {
    this.ensureOpen();
    // The driver adds `_id` to the object it is given; insert a copy so the caller's stays untouched.
    const copy = structuredClone(doc) as Document;
    await this.mapped(() => this.col.insertOne(copy));
    return structuredClone(doc);
  }

  async insertOrdered(docs: T[]): Promise<number> {
    this.ensureOpen();
    if (docs.length === 0) return 0;
    const copies = docs.map((d) => structuredClone(d) as Document);
    try {
      return (await this.col.insertMany(copies, { ordered: true })).insertedCount;
    } catch (err) {
      // An ordered insert stops at its first failed document, so that document's index is how many
      // went in. The error's insertedCount is not used: the Mongo-protocol test server miscounts it.
      const bulk = err as { code?: unknown; writeErrors?: { index?: unknown } | { index?: unknown }[] };
      const first = Array.isArray(bulk?.writeErrors) ? bulk.writeErrors[0] : bulk?.writeErrors;
      if (bulk?.code === DUPLICATE_KEY && typeof first?.index === 'number') return first.index;
      throw this.mapError(err);
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    this.ensureOpen();
    return this.mapped(async () => (await this.col.findOne(filter)) as T | null);
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    this.ensureOpen();
    let cursor = this.col.find(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return this.mapped(async () => (await cursor.toArray()) as unknown as T[]);
  }

  /** A driver cursor fetching STREAM_BATCH_SIZE documents a round trip; closed when the caller stops early. */
  async *stream(filter: Filter, options: FindOptions = {}): AsyncGenerator<T> {
    this.ensureOpen();
    let cursor = this.col.find(filter, { batchSize: STREAM_BATCH_SIZE });
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    try {
      for await (const doc of cursor) yield doc as unknown as T;
    } catch (err) {
      throw this.mapError(err);
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }

  async updateOne(filter: Filter, update: Update): Promise<{ matched: number; modified: number }> {
    this.ensureOpen();
    const r = await this.mapped(() => this.col.updateOne(filter, update as Document));
    return { matched: r.matchedCount, modified: r.modifiedCount };
  }

  async findOneAndUpdate(filter: Filter, update: Update): Promise<T | null> {
    this.ensureOpen();
    return this.mapped(
      async () =>
        (await this.col.findOneAndUpdate(filter, update as Document, { returnDocument: 'after' })) as T | null,
    );
  }

  async deleteOne(filter: Filter): Promise<number> {
    this.ensureOpen();
    return this.mapped(async () => (await this.col.deleteOne(filter)).deletedCount);
  }

  async count(filter: Filter): Promise<number> {
    this.ensureOpen();
    return this.mapped(() => this.col.countDocuments(filter));
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    this.ensureOpen();
    await this.mapped(() =>
      this.col.createIndex(spec.fields, { unique: spec.unique ?? false, sparse: spec.sparse ?? false }),
    );
  }

  private async mapped<R>(op: () => Promise<R>): Promise<R> {
    try {
      return await op();
    } catch (err) {
      throw this.mapError(err);
    }
  }

  private mapError(err: unknown): unknown {
    const e = err as { code?: unknown; keyValue?: unknown };
    if (e?.code === DUPLICATE_KEY) return new DuplicateKeyError(this.name, JSON.stringify(e.keyValue ?? {}));
    if (isStoreUnreachable(err)) return new StoreUnavailableError(err);
    return err;
  }
}

/** The driver's errors for "no server to talk to right now" (a restart, an election, a lost connection). */
const UNREACHABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoPoolClearedError',
  'MongoNotConnectedError',
]);
/** Server answers that mean "not now": NotWritablePrimary, NotPrimaryNoSecondaryOk, InterruptedAtShutdown, ShutdownInProgress, PrimarySteppedDown, HostUnreachable, HostNotFound. */
const UNREACHABLE_CODES = new Set([10107, 13435, 11600, 91, 189, 6, 7]);

/**
 * Socket errors that reach us raw: the driver writing on a connection the server closed as it
 * restarted ("This socket has been ended by the other party", EPIPE) is not wrapped in its own kind.
 */
const UNREACHABLE_SOCKET_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

export function isStoreUnreachable(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown; errorResponse?: unknown } | null;
  if (!e) return false;
  if (typeof e.name === 'string' && UNREACHABLE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'number' && UNREACHABLE_CODES.has(e.code)) return true;
  if (typeof e.code === 'string' && UNREACHABLE_SOCKET_CODES.has(e.code)) return true;
  // A bulk write (insertMany) cut by a lost connection throws MongoBulkWriteError around the network error.
  return e.name === 'MongoBulkWriteError' && e.errorResponse !== err && isStoreUnreachable(e.errorResponse);
}
