import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TOPICS, type BookingConfirmed } from '@vanhop/contracts';
import {
  createEvent,
  fixedClock,
  MemoryEventBus,
  createLogger,
  startService,
  type Clock,
  type Env,
  type Infrastructure,
  type RunningService,
} from '@vanhop/platform';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';
import { startSupplyPair } from '../../../test/support/supply-pair.js';

/** 08:00 London on Thursday 15 January 2026: moves on the 20th at 10:00 carry no time surcharges. */
export const NOW = '2026-01-15T08:00:00.000Z';
export const MOVE_DATE = '2026-01-20T10:00:00.000Z';

/** The supply side and its pricing: fleet and quote on one bus, behind one address (`url`). */
export interface RunningSupply {
  url: string;
  bus: MemoryEventBus;
  /** The fleet service's infrastructure (its store holds the drivers, their slots and jobs). */
  infra: Infrastructure;
  quote: RunningService;
  fleet: RunningService;
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * Quote and fleet on one in-process bus and one temp folder, each with `env` (a service ignores the
 * variables it does not read); requests to `url` go to the service owning the path, once every
 * event published so far is applied.
 */
export async function startQuote(env: Env = {}, clock: Clock = fixedClock(NOW)): Promise<RunningSupply> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-supply-'));
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  const base = { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env };
  const started: RunningService[] = [];
  const pair = await startSupplyPair(async (def, extra) => {
    const running = await startService(def as never, def.loadConfig({ ...base, ...extra }), { bus, clock });
    started.push(running);
    return running;
  }, bus);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await pair.close();
    for (const s of started.reverse()) await s.stop();
  };
  return {
    url: pair.url,
    bus,
    infra: pair.fleet.infra,
    quote: pair.quote,
    fleet: pair.fleet,
    stop,
    cleanup: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export const address = (location: string, stair: number | '' = 0, physicalAddress = '12 Example Road') => ({
  id: `a-${location.replace(/\W/g, '')}`,
  location,
  physicalAddress,
  stair,
});

/** A complete POST /api/booking body every seeded driver can take: NW2 to Cricklewood, a Large van with help, 3 h on MOVE_DATE. */
export const complete = {
  addresses: [address('London NW2, UK', 1), address('Cricklewood, UK', 1)],
  vanSize: 'Large',
  driverHelp: 'Driver-Help',
  hour: 3,
  date: MOVE_DATE,
  description: 'Two-bedroom flat',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '07700900123',
};

/** The move of a BookingConfirmed for the `complete` quote body, on `date` (MOVE_DATE by default). */
export const completeMove = (date = MOVE_DATE, description = complete.description): BookingConfirmed['move'] => ({
  date,
  addresses: complete.addresses.map((a) => ({
    location: a.location,
    physicalAddress: a.physicalAddress,
    stair: a.stair as number,
  })),
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
  description,
});

export async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? safeJson(text) : undefined };
}

export async function get(url: string): Promise<{ status: number; json: any }> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, json: safeJson(text) };
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Tells quote these drivers set their portal password (admin-auth's DriverAccountOpened), as the hand-on needs. */
export async function openPortalAccounts(
  svc: { bus: MemoryEventBus },
  driverIds: readonly string[],
  clock: Clock = fixedClock(NOW),
): Promise<void> {
  for (const driverId of driverIds)
    await svc.bus.publish(
      TOPICS.driverAccountOpened,
      await createEvent(
        TOPICS.driverAccountOpened,
        { driverId, at: clock.now().toISOString() },
        { producer: 'admin-auth', clock },
      ),
    );
  await svc.bus.idle();
}

/** Every seeded demo driver, with a portal account. */
export const openDemoAccounts = (svc: { bus: MemoryEventBus }, clock?: Clock) =>
  openPortalAccounts(
    svc,
    DEMO_DRIVERS.map((d) => d._id),
    clock,
  );
