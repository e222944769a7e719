import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  MemoryEventBus,
  startService,
  type Clock,
  type Env,
  type Logger,
  type PlatformConfig,
  type RunningService,
  type ServiceDefinition,
} from '@vanhop/platform';
import { TEST_JWT_ENV } from './staff.js';

export interface TestStackOptions {
  /** Names the temporary data folder (`vanhop-<name>-…`). */
  name: string;
  /** Added to every service's environment (beside PORT 0, the data folder, silent logs and the test JWT secret). */
  env?: Env;
  clock?: Clock;
  logger?: Logger;
  /** Delivery retries of the in-process bus (the bus's own defaults when absent). */
  bus?: { maxRetries: number; retryBackoffMs: number };
}

/** Services started over real HTTP on port 0, on one in-process bus, one clock and one temp folder. */
export interface TestStack {
  bus: MemoryEventBus;
  dataDir: string;
  /** The environment every service of the stack starts with. */
  env: Env;
  /** Starts one more service of the stack; `env` is added to the stack's for this one. */
  start<C extends { platform: PlatformConfig }>(def: ServiceDefinition<C>, env?: Env): Promise<RunningService>;
  /** Stops the services in reverse order, then the bus, and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * The set-up the service tests share: a temp data folder, an in-process bus (started, so
 * observers subscribe before or after as they like) and a `start` that loads each service's own
 * config from a test environment and starts it with the stack's bus, clock and logger.
 */
export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vanhop-${options.name}-`));
  const bus = new MemoryEventBus(options.logger ?? createLogger('bus', 'silent'), options.bus);
  await bus.start();
  const env: Env = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...TEST_JWT_ENV, ...options.env };
  const running: RunningService[] = [];
  return {
    bus,
    dataDir,
    env,
    async start(def, extra = {}) {
      const service = await startService(def, def.loadConfig({ ...env, ...extra }), {
        bus,
        clock: options.clock,
        logger: options.logger,
      });
      running.push(service);
      return service;
    },
    async stop() {
      for (const service of running.reverse()) await service.stop();
      await bus.stop();
      // A store closed a moment ago may still be compacting (it is given 2 s, then left to finish): retry a folder that refills.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** One service alone on its own stack: `service` to call, `stop` to stop it and remove its data. */
export async function startServiceForTest<C extends { platform: PlatformConfig }>(
  def: ServiceDefinition<C>,
  options: Omit<TestStackOptions, 'name'> & { name?: string } = {},
): Promise<{ service: RunningService; stack: TestStack; stop(): Promise<void> }> {
  const stack = await startTestStack({ name: def.name, ...options });
  const service = await stack.start(def);
  return { service, stack, stop: () => stack.stop() };
}
