import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DRIVER_CONTACTS, TOPICS, type DriverUpdated, type EventEnvelope } from '@vanhop/contracts';
import { createEvent, fixedClock, prepareService, type MemoryEventBus, type RunningService } from '@vanhop/platform';
import { adminAuthService } from '../src/service.js';
import { loadConfig } from '../src/config.js';
import { FAST_SCRYPT, testEnv } from './support.js';

const clock = fixedClock('2026-03-01T09:00:00.000Z');
const DEMO_PASSWORD = 'vanhop-demo-driver';
const [ali, priya] = DEMO_DRIVER_CONTACTS as [
  (typeof DEMO_DRIVER_CONTACTS)[number],
  (typeof DEMO_DRIVER_CONTACTS)[number],
];

/** The copy of a seeded driver quote announces: version 0 as seeded, or a later one staff made. */
const quoteCopy = (d: (typeof DEMO_DRIVER_CONTACTS)[number], version: number, active: boolean): DriverUpdated => ({
  driverId: d.driverId,
  version,
  action: version === 0 ? 'created' : 'suspended',
  by: version === 0 ? 'seed' : 'staff:sam_admin',
  at: '2026-03-01T09:00:00.000Z',
  changes: [],
  driver: { name: d.name, email: d.email, active },
});

/**
 * admin-auth on one data folder that outlives a restart, with every DriverAccountOpened it
 * announces heard from before it starts (as quote's subscription would).
 */
function adminAuthOn(dataDir: () => string, extra: Record<string, string> = {}) {
  let running: RunningService | undefined;
  const opened: string[] = [];
  const service = () => {
    if (!running) throw new Error('start() first');
    return running;
  };
  return {
    opened,
    async start() {
      const config = { ...loadConfig(testEnv(dataDir(), extra)), passwordHashing: FAST_SCRYPT };
      const prepared = await prepareService(adminAuthService, config, { clock });
      await prepared.infra.bus.subscribe('test-quote', TOPICS.driverAccountOpened, async (e) => {
        opened.push((e as EventEnvelope<{ driverId: string }>).data.driverId);
      });
      running = await prepared.start();
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
    login: async (email: string) =>
      (
        await fetch(`${service().url}/api/driver-account/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        })
      ).status,
    async deliver(d: DriverUpdated) {
      const bus = service().infra.bus as MemoryEventBus;
      const event = await createEvent(TOPICS.driverUpdated, d, { producer: 'quote', clock });
      await (await bus.publish(TOPICS.driverUpdated, event, d.driverId)).durable;
      await bus.idle();
    },
    idle: () => (service().infra.bus as MemoryEventBus).idle(),
  };
}

/**
 * admin-auth with the demo password, started on a fresh data folder before the enclosing describe
 * block's tests and removed after them.
 */
function adminAuthForBlock(extra: Record<string, string> = {}) {
  let dataDir = '';
  const svc = adminAuthOn(() => dataDir, { DEMO_DRIVER_PASSWORD: DEMO_PASSWORD, ...extra });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-admin-auth-seed-'));
    await svc.start();
  });
  afterAll(async () => {
    await svc.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return svc;
}

describe('the seeded demo drivers have portal accounts from the start (DEMO_DRIVER_PASSWORD)', () => {
  const svc = adminAuthForBlock();

  it('every seeded driver signs in as soon as the service has started, before quote has said anything', async () => {
    for (const d of DEMO_DRIVER_CONTACTS) expect(await svc.login(d.email)).toBe(200);
    await svc.idle();
    expect([...svc.opened].sort()).toEqual(DEMO_DRIVER_CONTACTS.map((d) => d.driverId).sort());
  });

  it("quote's copy of a seeded driver arriving later opens nothing twice", async () => {
    await svc.deliver(quoteCopy(ali, 0, true));
    expect(await svc.login(ali.email)).toBe(200);
    expect(svc.opened.filter((id) => id === ali.driverId)).toHaveLength(1);
  });

  it('a restart opens nothing again, and leaves a copy quote has changed since as it is', async () => {
    await svc.deliver(quoteCopy(priya, 1, false));
    expect(await svc.login(priya.email)).toBe(401);
    await svc.stop();
    await svc.start();
    await svc.idle();
    expect(svc.opened).toHaveLength(DEMO_DRIVER_CONTACTS.length);
    expect(await svc.login(priya.email)).toBe(401);
    expect(await svc.login(ali.email)).toBe(200);
  });
});

describe('without the demo seed (SEED_DEMO_DRIVERS=false)', () => {
  const svc = adminAuthForBlock({ SEED_DEMO_DRIVERS: 'false' });

  it('no account is opened for drivers quote does not have', async () => {
    await svc.idle();
    expect(await svc.login(ali.email)).toBe(401);
    expect(svc.opened).toEqual([]);
  });
});
