import type { PlatformConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { Cache } from '../ports/cache.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventBus } from '../ports/event-bus.js';

interface ProductionAdapters { store: DocumentStore; cache: Cache; bus: EventBus }

/** Production adapters (MongoDB, Redis, Kafka); loaded only when configured. */
export async function createProductionAdapter<K extends keyof ProductionAdapters>(
  kind: K,
  config: PlatformConfig,
  _logger: Logger,
): Promise<ProductionAdapters[K]> {
  throw new Error(`The ${kind} production adapter is not available yet (service ${config.serviceName})`);
}
