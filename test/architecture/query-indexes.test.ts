import { afterAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import {
  declaredQueries,
  systemClock,
  servedBy,
  type Collection,
  type DocumentStore,
  type IndexSpec,
  type QueryIndex,
} from '@vanhop/platform';
import { MongoDocumentStore } from '../../services/platform/src/adapters/mongo-document-store.js';
import { infraTarget } from '../../services/platform/test/infra-env.js';
import { uniqueSuffix } from '../../services/platform/test/contracts/eventually.js';
import { BookingRepository } from '../../services/booking/src/adapters/booking-repository.js';
import { DriverRepository } from '../../services/fleet/src/adapters/driver-repository.js';
import { BusinessFiguresRepository } from '../../services/admin-auth/src/adapters/business-figures-repository.js';
import { CustomerReviewRepository } from '../../services/review/src/adapters/review-repositories.js';
import { DriverRatingTallies } from '../../services/review/src/adapters/driver-rating-tallies.js';
import { SupportInboxPages } from '../../services/notification/src/app/support-inbox-pages.js';
import { JobRepository } from '../../services/fleet/src/adapters/job-repository.js';
import { SupplyCards } from '../../services/quote/src/adapters/supply-cards.js';
import { SupplyTime } from '../../services/quote/src/adapters/supply-time.js';
import { DriverTimeOutbox } from '../../services/fleet/src/adapters/driver-time-outbox.js';

type Ensured = IndexSpec & { collection: string };

/** Each repository whose reads declare their index, and how it builds its indexes. */
const repositories: { name: string; ensure: (store: DocumentStore) => Promise<void> }[] = [
  { name: 'bookings', ensure: (s) => new BookingRepository(s).ensureIndexes() },
  { name: 'drivers (staff list)', ensure: (s) => new DriverRepository(s).ensureStaffListIndexes() },
  { name: 'business figures', ensure: (s) => new BusinessFiguresRepository(s).ensureIndexes() },
  { name: 'reviews (staff list)', ensure: (s) => new CustomerReviewRepository(s).ensureIndexes() },
  // Read by driver id only: nothing to ensure beyond `_id`, but its queries are declared.
  { name: 'driver rating tallies', ensure: async (s) => void new DriverRatingTallies(s) },
  { name: 'conversations (staff inbox)', ensure: (s) => new SupportInboxPages(s, systemClock).ensureIndexes() },
  { name: 'jobs back with the office', ensure: (s) => new JobRepository(s).ensureIndexes() },
  { name: "quote's read model of the drivers' cards", ensure: (s) => new SupplyCards(s).ensureIndexes() },
  { name: "quote's read model of the drivers' time", ensure: (s) => new SupplyTime(s, systemClock).ensureIndexes() },
  {
    name: "fleet's ledger of the drivers' time published",
    ensure: (s) => new DriverTimeOutbox(s, { relay: { kick: async () => 0 }, clock: systemClock }).ensureIndexes(),
  },
];

/** A store that only records the indexes asked of it (reads find nothing, so no back-fill runs). */
function recordingStore(ensured: Ensured[]): DocumentStore {
  return {
    collection: <T extends { _id: string }>(name: string) =>
      ({
        ensureIndex: async (spec: IndexSpec) => void ensured.push({ ...spec, collection: name }),
        find: async () => [],
        findOne: async () => null,
        count: async () => 0,
        updateOne: async () => ({ matched: 0, modified: 0 }),
      }) as unknown as Collection<T>,
    ping: async () => undefined,
    close: async () => undefined,
  };
}

const describeQuery = (q: QueryIndex) => `${q.collection}: ${q.query} (${JSON.stringify(q.index)})`;

describe('every declared repository query has its index', () => {
  const ensured: Ensured[] = [];

  it('each repository declares its reads, and ensures an index serving each one', async () => {
    for (const r of repositories) await r.ensure(recordingStore(ensured));
    const queries = declaredQueries();
    for (const collection of [
      'bookings',
      'drivers',
      'business_days',
      'business_driver_jobs',
      'customer_reviews',
      'conversations',
    ])
      expect(
        queries.some((q) => q.collection === collection),
        collection,
      ).toBe(true);
    const missing = queries.filter((q) => !servedBy(q, ensured)).map(describeQuery);
    expect(missing).toEqual([]);
  });

  it('the check fails for a query whose index nobody ensures (or ensures in another order)', () => {
    const ensuredHere: Ensured[] = [{ collection: 'c', fields: { a: 1, b: -1 } }];
    const q = (index: QueryIndex['index']): QueryIndex => ({ collection: 'c', query: 'q', index });
    expect(servedBy(q({ a: 1, b: -1 }), ensuredHere)).toBe(true);
    expect(servedBy(q('_id'), ensuredHere)).toBe(true);
    expect(servedBy(q({ b: -1, a: 1 }), ensuredHere)).toBe(false);
    expect(servedBy(q({ a: 1 }), ensuredHere)).toBe(false);
    expect(servedBy(q({ z: 1 }), ensuredHere)).toBe(false);
    expect(servedBy({ ...q({ a: 1, b: -1 }), collection: 'other' }, ensuredHere)).toBe(false);
  });
});

// The same declarations against a MongoDB server: the indexes the repositories build are listed by
// listIndexes (skipped, with the reason printed, where no server runs; see services/platform/test/infra-env).
const url = await infraTarget('mongo');
if (url) {
  describe(`declared queries against MongoDB at ${url}`, () => {
    const dbName = `query_indexes_${uniqueSuffix()}`;
    let store: MongoDocumentStore | null = null;
    afterAll(async () => {
      await store?.close();
      const client = await MongoClient.connect(url);
      await client.db(dbName).dropDatabase();
      await client.close();
    });

    it('listIndexes shows an index for every declared query', async () => {
      store = await MongoDocumentStore.connect({ url, dbName });
      for (const r of repositories) await r.ensure(store);
      const client = await MongoClient.connect(url);
      try {
        const listed: Ensured[] = [];
        for (const collection of new Set(declaredQueries().map((q) => q.collection))) {
          const indexes = await client.db(dbName).collection(collection).listIndexes().toArray();
          for (const i of indexes) listed.push({ collection, fields: i.key as IndexSpec['fields'] });
        }
        expect(
          declaredQueries()
            .filter((q) => !servedBy(q, listed))
            .map(describeQuery),
        ).toEqual([]);
      } finally {
        await client.close();
      }
    });
  });
} else {
  describe.skip('declared queries against MongoDB (no server, see the printed reason)', () =>
    it('needs MONGO_URL', () => undefined));
}
