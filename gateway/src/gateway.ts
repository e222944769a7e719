import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createLogger,
  createProductionAdapter,
  drainPause,
  listen,
  MemoryCache,
  Readiness,
  type Cache,
  type Clock,
  type Logger,
} from '@vanhop/platform';
import { createGatewayApp } from './app.js';
import type { GatewayConfig } from './config.js';
import type { Forwarding } from './forwarding.js';

/** `opsUrl`: readiness and metrics (`/health/ready`, `/metrics`), never the public port. */
export interface RunningGateway {
  url: string;
  port: number;
  opsUrl: string;
  opsPort: number;
  stop(): Promise<void>;
}

/** `forwarding`: how requests reach the services (over HTTP to their URLs unless given). */
export async function startGateway(
  config: GatewayConfig,
  overrides: { logger?: Logger; clock?: Clock; forwarding?: Forwarding } = {},
): Promise<RunningGateway> {
  const logger = overrides.logger ?? createLogger('gateway', config.platform.logLevel);
  const cache: Cache =
    config.platform.cache === 'redis'
      ? await createProductionAdapter('cache', config.platform, logger)
      : new MemoryCache();
  const readiness = new Readiness([
    // Only the shared rate-limit counters live there, and they let requests through while it is away.
    { name: 'cache', check: () => cache.ping(), required: false },
    {
      name: 'web-app',
      check: async () => {
        if (!existsSync(path.join(config.staticDir, 'index.html')))
          throw new Error(`no built web app in ${config.staticDir}`);
      },
    },
  ]);
  const { app, ops } = createGatewayApp(config, {
    logger,
    cache,
    readiness,
    clock: overrides.clock,
    forwarding: overrides.forwarding,
  });
  const opsServer = await listen(ops, config.opsPort, config.platform.host, 'OPS_PORT');
  const server = await listen(app, config.platform.port, config.platform.host, 'GATEWAY_PORT').catch(async (err) => {
    await opsServer.close();
    throw err;
  });
  logger.info({ url: server.url, opsUrl: opsServer.url }, 'gateway listening');
  return {
    url: server.url,
    port: server.port,
    opsUrl: opsServer.url,
    opsPort: opsServer.port,
    stop: async () => {
      // Readiness fails first (the ops port still answers it) while open requests drain.
      readiness.markShuttingDown();
      await drainPause(config.platform.shutdownDrainMs);
      await server.close();
      await opsServer.close();
      await cache.close();
    },
  };
}
