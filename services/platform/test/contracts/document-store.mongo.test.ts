import { describe, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { MongoDocumentStore } from '../../src/adapters/mongo-document-store.js';
import { infraTarget } from '../infra-env.js';
import { documentStoreContract } from './document-store.contract.js';
import { uniqueSuffix } from './eventually.js';

const url = await infraTarget('mongo');

if (url) {
  // One database per run: runs never see each other's data and the server is left clean.
  const dbName = `contract_${uniqueSuffix()}`;
  documentStoreContract(`mongodb driver at ${url}`, {
    open: () => MongoDocumentStore.connect({ url, dbName }),
    cleanup: async () => {
      const client = await MongoClient.connect(url);
      await client.db(dbName).dropDatabase();
      await client.close();
    },
  });
} else {
  describe.skip('DocumentStore contract: mongodb driver (no server, see the printed reason)', () =>
    it('needs MONGO_URL', () => undefined));
}
