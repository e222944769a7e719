import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Env, MemoryEventBus, RunningService } from '@vanhop/platform';
import { quoteService } from '@vanhop/quote';
import { fleetService } from '@vanhop/fleet';

/** The paths the fleet service answers (the gateway's supply prefixes and fleet's /internal routes). */
const FLEET_PREFIXES = [
  '/api/drivers/admin',
  '/api/driver/',
  '/api/driver-photos/',
  '/api/driver-profiles/',
  '/internal/drivers/',
  '/internal/bookings/',
  '/internal/jobs/',
];

export const isFleetPath = (url: string): boolean => {
  const p = url.split('?')[0]!.toLowerCase();
  return FLEET_PREFIXES.some((x) => (x.endsWith('/') ? p.startsWith(x) : p === x || p.startsWith(`${x}/`)));
};

type StartService = (def: typeof quoteService | typeof fleetService, env: Env) => Promise<RunningService>;

/**
 * Waits (bounded) until the fleet's backfill of the supply events is recorded in its store: it
 * runs in the background once the service serves, a page at a time.
 */
export async function backfilled(fleet: RunningService): Promise<void> {
  const marks = fleet.infra.store.collection('supply_backfills');
  for (let i = 0; i < 1000 && (await marks.count({})) === 0; i++) await new Promise((r) => setTimeout(r, 10));
  if ((await marks.count({})) === 0) throw new Error('the fleet never recorded its supply backfill');
}

/**
 * Quote, then fleet pointed at it (QUOTE_SERVICE_URL), each started by `start` (its own config from
 * the environment, on `bus`); answered once the fleet's backfill is recorded and the bus is idle, so
 * quote's read model holds the cards of every driver stored or seeded before the fleet started.
 */
export async function startSupply(
  start: StartService,
  bus: MemoryEventBus,
  env: { quote?: Env; fleet?: Env } = {},
): Promise<{ quote: RunningService; fleet: RunningService }> {
  const quote = await start(quoteService, env.quote ?? {});
  const fleet = await start(fleetService, { QUOTE_SERVICE_URL: quote.url, ...env.fleet });
  await backfilled(fleet);
  await bus.idle();
  return { quote, fleet };
}

/** Quote and fleet on one bus, behind one address that sends each path to the service owning it. */
export interface SupplyPair {
  /** One address for both, as the gateway gives them one (and /internal paths as their callers use them). */
  url: string;
  bus: MemoryEventBus;
  quote: RunningService;
  fleet: RunningService;
  /** Every event published so far applied (quote's read model holds every write of the fleet so far). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts quote and fleet (startSupply) behind one address. Before each request the front waits for the bus to be
 * idle: the writes a test made through the fleet have then reached quote's read model, as a test
 * must wait for that state before it prices.
 */
export async function startSupplyPair(
  start: StartService,
  bus: MemoryEventBus,
  env: { quote?: Env; fleet?: Env } = {},
): Promise<SupplyPair> {
  const { quote, fleet } = await startSupply(start, bus, env);
  const server = http.createServer((req, res) => {
    void bus.idle().then(() => (isFleetPath(req.url ?? '/') ? fleet : quote).local.handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bus,
    quote,
    fleet,
    settled: () => bus.idle(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
