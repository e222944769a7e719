/** A Mongo-style document: `_id` is a string chosen by the application. */
export interface Doc {
  _id: string;
}

/** The subset of Mongo query operators every adapter supports. */
export type Filter = Record<string, unknown>;

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | 1 | ''>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  /** Removes array items equal to, or matching (object query), the given value. */
  $pull?: Record<string, unknown>;
}

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Only documents that have the field are indexed (cheap indexes on rarely-set fields). */
  sparse?: boolean;
}

export interface Collection<T extends Doc = Doc> {
  /** Throws DuplicateKeyError on a unique-index or `_id` clash. */
  insertOne(doc: T): Promise<T>;
  /**
   * Inserts in the order given, in one round trip, and stops at the first unique-index or `_id`
   * clash: returns how many went in (the first n; none after the clash). Other errors throw.
   */
  insertOrdered(docs: T[]): Promise<number>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * The documents `find` answers, in the same order, read a batch at a time as the caller takes
   * them: for answers too large to hold whole. The read starts when iteration does (it sees the
   * writes done before that); it is not a snapshot: a document changed or deleted while the
   * read runs may show as it was or as it is (the embedded store reads each as it is when its
   * batch is read, and leaves out one deleted by then). Stopping the iteration early (break,
   * return) stops the read.
   */
  stream(filter: Filter, options?: FindOptions): AsyncIterable<T>;
  /** Atomic for one document: the filter and the update are applied together. */
  updateOne(filter: Filter, update: Update): Promise<{ matched: number; modified: number }>;
  /** Like updateOne but returns the document after the update, or null when nothing matched. */
  findOneAndUpdate(filter: Filter, update: Update): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  count(filter: Filter): Promise<number>;
  ensureIndex(spec: IndexSpec): Promise<void>;
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /** Throws when the store cannot serve requests. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
