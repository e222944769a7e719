import type { Express } from 'express';
import type { Env, PlatformConfig } from './config.js';
import { ConfigError } from './errors.js';
import { createHttpApp } from './http/create-app.js';
import { Readiness } from './http/health.js';
import { listen, type RunningServer } from './http/listen.js';
import { idempotentHandler } from './idempotent-consumer.js';
import { createInfrastructure, type Infrastructure, type InfrastructureOverrides } from './infrastructure.js';
import type { EventHandler, SubscribeOptions } from './ports/event-bus.js';
import type { HealthCheck } from './ports/health.js';
import { hasBusStats } from './ports/bus-stats.js';

export interface Subscription {
  topic: string;
  handler: EventHandler;
  options?: SubscribeOptions;
}

/** What a service's composition root hands to the runtime. */
export interface BuiltService {
  routes(app: Express): void;
  /** Consumed with the service name as consumer group; each handler is made idempotent on eventId. */
  subscriptions?: Subscription[];
  checks?: HealthCheck[];
  start?(): Promise<void> | void;
  /**
   * Once the service listens (and so may report ready): work that must not hold the start back,
   * begun in the background (`stop` ends it).
   */
  serving?(): void;
  stop?(): Promise<void> | void;
}

export interface ServiceDefinition<C extends { platform: PlatformConfig }> {
  name: string;
  loadConfig(env: Env): C;
  build(infra: Infrastructure, config: C): Promise<BuiltService> | BuiltService;
}

export interface RunningService {
  name: string;
  url: string;
  port: number;
  infra: Infrastructure;
  readiness: Readiness;
  /**
   * The service's own Express app and whether its server still takes requests: a host running the
   * gateway in the same process (embedded mode) hands requests to it without a loopback HTTP hop.
   */
  local: { handler: Express; serving(): boolean };
  stop(): Promise<void>;
}

/** A service built and subscribed, not yet started: nothing it publishes can reach the bus yet. */
export interface PreparedService {
  name: string;
  infra: Infrastructure;
  readiness: Readiness;
  /** Starts its bus (when owned), its background work (outbox relay...) and its HTTP server. */
  start(): Promise<RunningService>;
  /** Releases what prepare opened, for a start-up that failed before start(). */
  abort(): Promise<void>;
}

/**
 * Phase one of a start: adapters, composition root and every subscription. A host running several
 * services on one in-process bus prepares them all before starting any, so an event a relay
 * publishes at start (left by a crash) finds every consumer group already subscribed.
 */
export async function prepareService<C extends { platform: PlatformConfig }>(
  def: ServiceDefinition<C>,
  config: C,
  overrides: InfrastructureOverrides = {},
): Promise<PreparedService> {
  const infra = await createInfrastructure(config.platform, overrides);
  const readiness = new Readiness([
    { name: 'store', check: () => infra.store.ping() },
    // Shared by every replica and not needed to answer a request (rate limits let requests through
    // while the cache is away; events wait in the outbox while the bus is): reported, not required.
    { name: 'cache', check: () => infra.cache.ping(), required: false },
    { name: 'bus', check: () => infra.bus.ping(), required: false },
  ]);
  const closeAdapters = async () => {
    await infra.store.close();
    await infra.cache.close();
  };
  let built: BuiltService;
  try {
    built = await def.build(infra, config);
    for (const check of built.checks ?? []) readiness.add(check);
    for (const sub of built.subscriptions ?? []) {
      await infra.bus.subscribe(
        def.name,
        sub.topic,
        idempotentHandler(infra.store, def.name, sub.handler),
        sub.options,
      );
    }
  } catch (err) {
    await closeAdapters().catch(() => undefined);
    throw err;
  }

  const abort = async () => {
    if (infra.ownsBus) await infra.bus.stop().catch(() => undefined);
    await built.stop?.();
    await closeAdapters();
  };

  const start = async (): Promise<RunningService> => {
    let server: RunningServer;
    let app: Express;
    try {
      // Only the store is required to serve: a replica must start while the broker is away.
      if (infra.ownsBus) {
        if (infra.bus.startInBackground) infra.bus.startInBackground();
        else await infra.bus.start();
      }
      await built.start?.();
      const bus = infra.bus;
      app = createHttpApp({
        service: def.name,
        logger: infra.logger,
        readiness,
        bodyLimitBytes: config.platform.bodyLimitBytes,
        // The service's own consumer group only: in embedded mode the bus is shared by all six.
        busStats: hasBusStats(bus) ? () => bus.stats(def.name) : undefined,
        handled: hasBusStats(bus) ? () => bus.handled(def.name) : undefined,
        routes: (a) => built.routes(a),
      });
      server = await listen(app, config.platform.port, config.platform.host);
    } catch (err) {
      await abort().catch(() => undefined);
      throw err;
    }
    infra.logger.info({ url: server.url }, `${def.name} listening`);
    built.serving?.();

    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        // Order matters: stop taking traffic, finish requests, drain consumers, then close stores.
        readiness.markShuttingDown();
        await drainPause(config.platform.shutdownDrainMs);
        await server.close();
        if (infra.ownsBus) await infra.bus.stop();
        await built.stop?.();
        await closeAdapters();
        infra.logger.info(`${def.name} stopped`);
      })());

    const local = { handler: app, serving: () => server.server.listening };
    return { name: def.name, url: server.url, port: server.port, infra, readiness, local, stop };
  };
  return { name: def.name, infra, readiness, start, abort };
}

export async function startService<C extends { platform: PlatformConfig }>(
  def: ServiceDefinition<C>,
  config: C,
  overrides: InfrastructureOverrides = {},
): Promise<RunningService> {
  return (await prepareService(def, config, overrides)).start();
}

/** Entry point for `node dist/main.js`: config errors stop the process with the variable's name. */
export async function runServiceMain<C extends { platform: PlatformConfig }>(
  def: ServiceDefinition<C>,
  env: Env = process.env,
): Promise<void> {
  let config: C;
  try {
    config = def.loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[${def.name}] ${err.message}`);
      process.exit(78);
    }
    throw err;
  }
  const starting = exitOnSignalWhileStarting(def.name);
  const running = await startService(def, config).catch((err: unknown) => {
    if (!(err instanceof ConfigError)) throw err;
    // A port already taken is found only now: said as plainly as a bad variable.
    console.error(`[${def.name}] ${err.message}`);
    process.exit(78);
  });
  starting.done();
  onShutdown(running.infra.logger, config.platform.shutdownTimeoutMs, () => running.stop());
}

/**
 * Until the program serves, SIGTERM/SIGINT end it at once: nothing is in flight, and a start that
 * waits on an unreachable broker or store could otherwise outlive every stop (as PID 1 in a
 * container, Node ignores a signal it has no handler for).
 */
export function exitOnSignalWhileStarting(name: string): { done(): void } {
  const exit = (signal: NodeJS.Signals) => {
    console.error(`[${name}] ${signal} received while starting: exiting`);
    process.exit(signal === 'SIGTERM' ? 143 : 130);
  };
  process.once('SIGTERM', exit);
  process.once('SIGINT', exit);
  return {
    done: () => {
      process.off('SIGTERM', exit);
      process.off('SIGINT', exit);
    },
  };
}

/** Readiness already fails; requests still arriving (a load balancer not yet told) are served meanwhile. */
export const drainPause = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** SIGTERM/SIGINT: run the stop routine once, with a deadline so a stuck dependency cannot hang the pod. */
export function onShutdown(
  logger: { info(msg: string): void; error(obj: object, msg: string): void },
  timeoutMs: number,
  stop: () => Promise<void>,
): void {
  let started = false;
  const handler = (signal: string) => {
    if (started) return;
    started = true;
    logger.info(`${signal} received, shutting down`);
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}
