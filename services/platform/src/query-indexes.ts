import type { IndexSpec } from './ports/document-store.js';

/**
 * A repository query and the index it reads through, declared beside the query: the repository
 * ensures the index from the same declaration, and a test checks every declared query against the
 * indexes each repository ensures (both store adapters build them from `ensureIndex`).
 */
export interface QueryIndex {
  collection: string;
  /** What the query is for, as the repository's method says it. */
  query: string;
  /** The index's fields, leading field first; `_id` for reads by id (every collection has that index). */
  index: IndexSpec['fields'] | '_id';
}

const declared: QueryIndex[] = [];

/** Declares a query and its index (kept in a process-wide list for the check). */
export function queryIndex(collection: string, query: string, index: QueryIndex['index']): QueryIndex {
  const q: QueryIndex = { collection, query, index };
  declared.push(q);
  return q;
}

/** Every query declared so far by the modules loaded. */
export const declaredQueries = (): readonly QueryIndex[] => declared;

/** The index spec a declared query needs, for `ensureIndex` (never for `_id`). */
export function indexOf(q: QueryIndex, extra: Omit<IndexSpec, 'fields'> = {}): IndexSpec {
  if (q.index === '_id') throw new Error(`${q.collection}: "${q.query}" reads by _id, which needs no index of its own`);
  return { fields: q.index, ...extra };
}

/**
 * Whether one of the indexes ensured on the query's collection serves it: the same fields in the
 * same order and directions. Exactly those, not a longer index starting with them: both stores
 * could read through a longer one, but the declaration then no longer says which index a query
 * stands on. Reads by `_id` always are.
 */
export function servedBy(q: QueryIndex, ensured: readonly (IndexSpec & { collection: string })[]): boolean {
  if (q.index === '_id') return true;
  const want = Object.entries(q.index);
  return ensured.some((e) => {
    if (e.collection !== q.collection) return false;
    const have = Object.entries(e.fields);
    return want.length === have.length && want.every(([f, d], i) => have[i]![0] === f && have[i]![1] === d);
  });
}
