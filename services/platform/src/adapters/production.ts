import type { PlatformConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Cache } from '../ports/cache.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventBus } from '../ports/event-bus.js';

interface ProductionAdapters {
  store: DocumentStore;
  cache: Cache;
  bus: EventBus;
}

/**
 * Production adapters (MongoDB, Redis, Kafka), built only when configured. The modules are imported
 * on demand so embedded mode never loads the kafkajs, mongodb or ioredis clients.
 */
export async function createProductionAdapter<K extends keyof ProductionAdapters>(
  kind: K,
  config: PlatformConfig,
  logger: Logger,
): Promise<ProductionAdapters[K]> {
  const builders: { [P in keyof ProductionAdapters]: () => Promise<ProductionAdapters[P]> } = {
    async store() {
      const { MongoDocumentStore } = await import('./mongo-document-store.js');
      if (!config.mongoUrl) throw new Error('MONGO_URL is required for the mongo store');
      return MongoDocumentStore.connect({ url: config.mongoUrl, dbName: config.mongoDb, logger });
    },
    async cache() {
      const { RedisCache } = await import('./redis-cache.js');
      if (!config.redisUrl) throw new Error('REDIS_URL is required for the redis cache');
      return RedisCache.connect({ url: config.redisUrl, keyPrefix: `vanhop:${config.serviceName}:`, logger });
    },
    async bus() {
      const { KafkaEventBus } = await import('./kafka-event-bus.js');
      return KafkaEventBus.create({
        brokers: config.kafkaBrokers,
        clientId: config.kafkaClientId,
        namespace: config.kafkaNamespace,
        logger,
      });
    },
  };
  return builders[kind]() as Promise<ProductionAdapters[K]>;
}
