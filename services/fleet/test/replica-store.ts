import {
  createHttpApp,
  listen,
  Readiness,
  type Collection,
  type Doc,
  type DocumentStore,
  type Filter,
  type RunningServer,
} from '@vanhop/platform';
import { TEST_JWT_ENV } from '../../../test/support/staff.js';
import { fleetService } from '../src/service.js';
import type { startQuote } from './support.js';

type ReadMethod = 'find' | 'findOne';

/**
 * Holds one replica between a read and what it does with it, so a test can let another replica
 * act in that gap: the interleaving two replicas over one store may meet, made to happen every time.
 */
export class ReadPause {
  private armed: {
    collection: string;
    method: ReadMethod;
    matches: (filter: Filter) => boolean;
    read: () => void;
  } | null = null;
  private release: () => void = () => undefined;
  private gate: Promise<void> = Promise.resolve();

  /** The next `method` read of `collection` matching `matches` pauses after reading; resolves once it has read. */
  after(collection: string, method: ReadMethod, matches: (filter: Filter) => boolean): Promise<void> {
    this.gate = new Promise((r) => {
      this.release = r;
    });
    return new Promise((read) => {
      this.armed = { collection, method, matches, read };
    });
  }

  /** Lets the paused replica go on with what it read. */
  resume(): void {
    this.release();
  }

  /** Called by the store after each read. */
  async passed(collection: string, method: ReadMethod, filter: Filter): Promise<void> {
    const armed = this.armed;
    if (!armed || armed.collection !== collection || armed.method !== method || !armed.matches(filter)) return;
    this.armed = null;
    armed.read();
    await this.gate;
  }
}

/** The same store, with its reads paused where `pause` says. */
function pausingStore(store: DocumentStore, pause: ReadPause): DocumentStore {
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      const col = store.collection<T>(name);
      return {
        insertOne: (doc) => col.insertOne(doc),
        insertOrdered: (docs) => col.insertOrdered(docs),
        findOne: async (filter) => {
          const found = await col.findOne(filter);
          await pause.passed(name, 'findOne', filter);
          return found;
        },
        find: async (filter, options) => {
          const found = await col.find(filter, options);
          await pause.passed(name, 'find', filter);
          return found;
        },
        stream: (filter, options) => col.stream(filter, options),
        updateOne: (filter, update) => col.updateOne(filter, update),
        findOneAndUpdate: (filter, update) => col.findOneAndUpdate(filter, update),
        deleteOne: (filter) => col.deleteOne(filter),
        count: (filter) => col.count(filter),
        ensureIndex: (spec) => col.ensureIndex(spec),
      };
    },
    ping: () => store.ping(),
    // The first replica owns the store and closes it.
    close: async () => undefined,
  };
}

/**
 * A second replica of the fleet service over the first one's store and bus, as two pods over one
 * Mongo and one Kafka, whose reads of the store can be paused (see ReadPause). It takes no part
 * in the service's consumer group: the first replica consumes the events.
 */
export async function pausableReplica(
  first: Awaited<ReturnType<typeof startQuote>>,
  env: Record<string, string>,
): Promise<{ url: string; pause: ReadPause; stop(): Promise<void> }> {
  const pause = new ReadPause();
  const config = fleetService.loadConfig({
    PORT: '0',
    DATA_DIR: first.infra.config.dataDir,
    LOG_LEVEL: 'silent',
    ...TEST_JWT_ENV,
    QUOTE_SERVICE_URL: first.quote.url,
    ...env,
  });
  const store = pausingStore(first.infra.store, pause);
  const built = await fleetService.build({ ...first.infra, store, ownsBus: false }, config);
  await built.start?.();
  const app = createHttpApp({
    service: 'fleet',
    logger: first.infra.logger,
    readiness: new Readiness([]),
    bodyLimitBytes: config.platform.bodyLimitBytes,
    routes: (a) => built.routes(a),
  });
  const server: RunningServer = await listen(app, 0);
  return {
    url: server.url,
    pause,
    stop: async () => {
      await server.close();
      await built.stop?.();
    },
  };
}
