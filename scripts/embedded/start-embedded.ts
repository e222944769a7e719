import net from 'node:net';
import path from 'node:path';
import {
  ConfigError,
  createLogger,
  MemoryEventBus,
  prepareService,
  serviceUrlVar,
  type Env,
  type PreparedService,
  type RunningService,
  type ServiceName,
  type Clock,
} from '@vanhop/platform';
import { quoteService } from '@vanhop/quote';
import { fleetService, takeOverFromQuote } from '@vanhop/fleet';
import { bookingService } from '@vanhop/booking';
import { paymentService } from '@vanhop/payment';
import { notificationService } from '@vanhop/notification';
import { reviewService } from '@vanhop/review';
import { adminAuthService } from '@vanhop/admin-auth';
import {
  inProcessForwarding,
  loadGatewayConfig,
  startGateway,
  type LocalService,
  type RunningGateway,
} from '@vanhop/gateway';
import { persistentSecret, randomSecret, randomSignupCode } from './secrets.js';

export const SERVICES = [
  quoteService,
  fleetService,
  bookingService,
  paymentService,
  notificationService,
  reviewService,
  adminAuthService,
];

export interface EmbeddedProduct {
  url: string;
  /** The gateway's health and metrics (`/health/ready`, `/metrics`): OPS_PORT, never the public port. */
  opsUrl: string;
  gateway: RunningGateway;
  services: Record<string, RunningService>;
  bus: MemoryEventBus;
  env: Env;
  stop(): Promise<void>;
}

/**
 * EMBEDDED_FORWARDING: `in-process` (the default) hands each request the gateway has checked to
 * the owning service's app in this process; `http` proxies it over loopback as the distributed
 * deployment does (benchmarks and the forwarding contract tests compare the two).
 */
export function readEmbeddedForwarding(env: Env): 'in-process' | 'http' {
  const value = env.EMBEDDED_FORWARDING ?? 'in-process';
  if (value !== 'in-process' && value !== 'http')
    throw new ConfigError('EMBEDDED_FORWARDING', `must be "in-process" or "http", got "${value}"`);
  return value;
}

/**
 * The whole product in one process: every service on its own loopback port (services call each
 * other's internal routes over HTTP as in production), one in-process event bus, embedded stores
 * per service. The gateway hands public requests to the services in process (no loopback hop)
 * unless EMBEDDED_FORWARDING=http.
 */
export async function startEmbedded(
  baseEnv: Env = process.env,
  options: { clock?: Clock } = {},
): Promise<EmbeddedProduct> {
  const dataDir = path.resolve(baseEnv.DATA_DIR ?? './data');
  const gatewayPort = baseEnv.GATEWAY_PORT ?? '8080';
  const env: Env = {
    ...baseEnv,
    DATA_DIR: dataDir,
    EVENT_BUS: 'memory',
    JWT_SECRET: baseEnv.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret', randomSecret),
    MY_MOVE_LINK_SECRET: baseEnv.MY_MOVE_LINK_SECRET ?? persistentSecret(dataDir, 'my-move-link-secret', randomSecret),
    ADMIN_SIGNUP_CODE: baseEnv.ADMIN_SIGNUP_CODE ?? persistentSecret(dataDir, 'admin-signup-code', randomSignupCode),
    // Customers keep these links in e-mails and browsers: they must survive a restart.
    CONVERSATION_LINK_SECRET:
      baseEnv.CONVERSATION_LINK_SECRET ?? persistentSecret(dataDir, 'conversation-link-secret', randomSecret),
    REVIEW_LINK_SECRET: baseEnv.REVIEW_LINK_SECRET ?? persistentSecret(dataDir, 'review-link-secret', randomSecret),
    DRIVER_INVITE_LINK_SECRET:
      baseEnv.DRIVER_INVITE_LINK_SECRET ?? persistentSecret(dataDir, 'driver-invite-link-secret', randomSecret),
  };
  const forwardingMode = readEmbeddedForwarding(env);
  // A data folder from before the fleet service: its drivers, time and jobs move to fleet's store once.
  await takeOverFromQuote(dataDir);
  const logLevel = env.LOG_LEVEL ?? 'info';
  const bus = new MemoryEventBus(createLogger('event-bus', logLevel));
  await bus.start();

  // Ports are chosen up front so every service knows every other's URL, as in production.
  const ports = await Promise.all(SERVICES.map(() => freePort()));
  SERVICES.forEach((def, i) => {
    env[serviceUrlVar(def.name as ServiceName)] = `http://127.0.0.1:${ports[i]}`;
  });

  // Two phases: every service subscribes before any starts, because a relay publishes what a
  // crash left in its outbox as it starts, and the in-process bus delivers only to groups that exist.
  const configs = SERVICES.map((def, i) => def.loadConfig({ ...env, PORT: String(ports[i]) }));
  const prepared: PreparedService[] = [];
  const services: Record<string, RunningService> = {};
  try {
    for (const [i, def] of SERVICES.entries())
      prepared.push(await prepareService(def as never, configs[i] as never, { bus, clock: options.clock }));
    for (const p of prepared) services[p.name] = await p.start();
  } catch (err) {
    await bus.stop();
    await Promise.all(prepared.map((p) => (services[p.name]?.stop() ?? p.abort()).catch(() => undefined)));
    throw err;
  }
  // Unset, the ops port is any free one (printed at start): a second copy on one machine, or a
  // local Prometheus on its own default 9090, must not stop the product.
  const gatewayConfig = loadGatewayConfig({ ...env, GATEWAY_PORT: gatewayPort, OPS_PORT: env.OPS_PORT ?? '0' });
  const local: Partial<Record<ServiceName, LocalService>> = Object.fromEntries(
    Object.values(services).map((s) => [s.name, s.local]),
  );
  const forwarding =
    forwardingMode === 'in-process'
      ? inProcessForwarding(local, gatewayConfig.proxyTimeoutMs, createLogger('gateway', logLevel))
      : undefined;
  const gateway = await startGateway(gatewayConfig, { clock: options.clock, forwarding });
  return {
    url: gateway.url.replace('127.0.0.1', 'localhost'),
    opsUrl: gateway.opsUrl,
    gateway,
    services,
    bus,
    env,
    stop: async () => {
      // Stop taking traffic, then stop deliveries (in-flight handlers finish), then close the
      // services and their stores; anything not yet published stays in the stores' outboxes.
      await gateway.stop();
      await bus.stop();
      await Promise.all(Object.values(services).map((s) => s.stop()));
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
