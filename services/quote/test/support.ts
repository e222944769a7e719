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
  type RunningService,
} from '@vanhop/platform';
import { quoteService } from '../src/service.js';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';

/** 08:00 London on Thursday 15 January 2026: moves on the 20th at 10:00 carry no time surcharges. */
export const NOW = '2026-01-15T08:00:00.000Z';
export const MOVE_DATE = '2026-01-20T10:00:00.000Z';

export async function startQuote(
  env: Env = {},
  clock: Clock = fixedClock(NOW),
): Promise<RunningService & { bus: MemoryEventBus; cleanup(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-quote-'));
  const config = quoteService.loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const bus = new MemoryEventBus(createLogger('bus', 'silent'));
  const running = await startService(quoteService, config, { bus, clock });
  return {
    ...running,
    bus,
    cleanup: async () => {
      await running.stop();
      await rm(dataDir, { recursive: true, force: true });
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
