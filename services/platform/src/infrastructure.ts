import path from 'node:path';
import type { PlatformConfig } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { createLogger, type Logger } from './logger.js';
import type { EventBus } from './ports/event-bus.js';
import type { DocumentStore } from './ports/document-store.js';
import type { Cache } from './ports/cache.js';
import { MemoryEventBus } from './adapters/memory-event-bus.js';
import { EmbeddedDocumentStore } from './adapters/embedded-document-store.js';
import { MemoryCache } from './adapters/memory-cache.js';
import { createProductionAdapter } from './adapters/production.js';

/** The adapters one service runs on, chosen by configuration only. */
export interface Infrastructure {
  config: PlatformConfig;
  logger: Logger;
  clock: Clock;
  bus: EventBus;
  store: DocumentStore;
  cache: Cache;
  /** False when the bus is shared with other services in this process (embedded mode) and owned by the host. */
  ownsBus: boolean;
}

export interface InfrastructureOverrides {
  bus?: EventBus;
  clock?: Clock;
  logger?: Logger;
}

export async function createInfrastructure(
  config: PlatformConfig,
  overrides: InfrastructureOverrides = {},
): Promise<Infrastructure> {
  const logger = overrides.logger ?? createLogger(config.serviceName, config.logLevel);
  const clock = overrides.clock ?? systemClock;

  const store: DocumentStore =
    config.store === 'mongo'
      ? await createProductionAdapter('store', config, logger)
      : new EmbeddedDocumentStore(path.resolve(config.dataDir, config.serviceName));

  const cache: Cache =
    config.cache === 'redis' ? await createProductionAdapter('cache', config, logger) : new MemoryCache(clock);

  const bus: EventBus =
    overrides.bus ??
    (config.eventBus === 'kafka' ? await createProductionAdapter('bus', config, logger) : new MemoryEventBus(logger));

  return { config, logger, clock, bus, store, cache, ownsBus: !overrides.bus };
}
