import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '../../src/adapters/embedded-document-store.js';
import { documentStoreContract } from './document-store.contract.js';

const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-store-contract-'));

documentStoreContract('embedded (nedb files)', {
  open: async () => new EmbeddedDocumentStore(dir, 0),
  cleanup: () => rm(dir, { recursive: true, force: true }),
});
