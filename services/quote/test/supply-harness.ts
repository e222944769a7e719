import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import {
  createLogger,
  EmbeddedDocumentStore,
  idempotentHandler,
  MemoryEventBus,
  OutboxRelay,
  type Clock,
  type DocumentStore,
} from '@vanhop/platform';
import { MongoDocumentStore } from '../../platform/src/adapters/mongo-document-store.js';
import { infraTarget } from '../../platform/test/infra-env.js';
import { DRIVERS, DriverRepository } from '../../fleet/src/adapters/driver-repository.js';
import { DriverDocumentsRepository } from '../../fleet/src/adapters/driver-documents-repository.js';
import { DriverSlots } from '../../fleet/src/adapters/driver-slots.js';
import { DRIVER_JOBS, JobRepository } from '../../fleet/src/adapters/job-repository.js';
import { DriverCardOutbox } from '../../fleet/src/adapters/driver-card-outbox.js';
import { DRIVER_TIME_LEDGER, DriverTimeOutbox } from '../../fleet/src/adapters/driver-time-outbox.js';
import { SupplyCards } from '../src/adapters/supply-cards.js';
import { SupplyTime } from '../src/adapters/supply-time.js';
import { supplySubscriptions } from '../src/consumers/supply.js';

/** A clock a test moves on (holds lapse as it passes their expiry). */
export function movableClock(startIso: string): Clock & { advance(ms: number): void } {
  let t = Date.parse(startIso);
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}

/** A store for the harness and how to remove it: embedded on a temp folder, or a fresh MongoDB database. */
export type HarnessStore = () => Promise<{ store: DocumentStore; cleanup(): Promise<void> }>;

export const embeddedStore: HarnessStore = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-supply-'));
  const store = new EmbeddedDocumentStore(dir, 0);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** A MongoDB store when a server runs (see services/platform/test/infra-env), else null. */
export async function mongoStore(): Promise<HarnessStore | null> {
  const url = await infraTarget('mongo');
  if (!url) return null;
  return async () => {
    const dbName = `supply_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const store = await MongoDocumentStore.connect({ url, dbName });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const client = await MongoClient.connect(url);
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  };
}

/**
 * Today's writers of drivers, slots and jobs over an embedded store, publishing the supply events
 * through the outbox relay onto an in-process bus, and quote's read model fed by them (its consumer
 * group, its handlers made idempotent as the service runner makes them).
 */
export async function supplyHarness(clock: Clock, options: { publish?: boolean; store?: HarnessStore } = {}) {
  const { store, cleanup } = await (options.store ?? embeddedStore)();
  const logger = createLogger('supply-test', 'silent');
  const bus = new MemoryEventBus(logger, { maxRetries: 0, retryBackoffMs: 1 });
  const relay = new OutboxRelay(store, [DRIVERS, DRIVER_JOBS, DRIVER_TIME_LEDGER], bus, logger, 60_000, {
    clock,
    graceMs: 0,
  });
  const cards = new SupplyCards(store);
  const time = new SupplyTime(store, clock);
  for (const sub of supplySubscriptions({ cards, time }))
    await bus.subscribe('quote', sub.topic, idempotentHandler(store, 'quote', sub.handler));
  await bus.start();
  const cardOutbox = new DriverCardOutbox(store, { relay, clock });
  const timeOutbox = new DriverTimeOutbox(store, { relay, clock });
  const drivers = new DriverRepository(store);
  const slots = new DriverSlots(store, clock);
  const jobs = new JobRepository(store);
  const publish = options.publish ?? true;
  if (publish) {
    drivers.onWritePublish((id) => cardOutbox.publish(id));
    slots.publishTimeWith(timeOutbox);
    jobs.publishTimeWith(timeOutbox);
  }
  const documents = new DriverDocumentsRepository(store, publish ? (id) => cardOutbox.publish(id) : undefined);
  await Promise.all([
    slots.ensureIndexes(),
    jobs.ensureIndexes(),
    cards.ensureIndexes(),
    time.ensureIndexes(),
    cardOutbox.ensureIndexes(),
    timeOutbox.ensureIndexes(),
  ]);
  await relay.start();
  return {
    store,
    bus,
    relay,
    cards,
    time,
    cardOutbox,
    timeOutbox,
    drivers,
    documents,
    slots,
    jobs,
    /** Every event parked so far published and applied: the state to compare, never a time waited. */
    async settle(): Promise<void> {
      await relay.flush();
      await bus.idle();
    },
    async close(): Promise<void> {
      await relay.stop();
      await bus.stop();
      await cleanup();
    },
  };
}
