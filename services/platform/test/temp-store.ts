import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { EmbeddedDocumentStore } from '../src/adapters/embedded-document-store.js';

/**
 * An embedded store in a temporary folder of its own, for each test (or once for the file's
 * describe block), closed and removed after it. Call inside a describe block; the returned getter
 * gives the store once the hook has run, so hooks registered after this one can use it.
 */
export function useTempEmbeddedStore(label: string, per: 'test' | 'block' = 'test'): () => EmbeddedDocumentStore {
  let dir: string | undefined;
  let store: EmbeddedDocumentStore | undefined;
  const [before, after] = per === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `vanhop-${label}-`));
    // No compaction timer: a test's store lives for seconds.
    store = new EmbeddedDocumentStore(dir, 0);
  });
  after(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    store = dir = undefined;
  });
  return () => {
    if (!store) throw new Error('useTempEmbeddedStore: the store exists only inside a test or hook');
    return store;
  };
}
