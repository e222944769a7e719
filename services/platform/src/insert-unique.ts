import { DuplicateKeyError } from './errors.js';
import type { Collection, Doc } from './ports/document-store.js';

/**
 * Inserts; false when a document with the same unique key is already there. The key makes the
 * write idempotent (one job per booking, one delivery per mail, one seed per driver), so a second
 * writer, a redelivery or a race is an answer, not an error.
 */
export async function insertUnique<T extends Doc>(collection: Collection<T>, doc: T): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}
