import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_DRIVER_CONTACTS,
  DEMO_DRIVER_EMAIL_DOMAIN,
  TOPICS,
  type DriverUpdated,
  type EventEnvelope,
} from '@vanhop/contracts';
import { createEvent, fixedClock, type MemoryEventBus } from '@vanhop/platform';
import { loadConfig } from '../src/config.js';
import { startAdminAuth, testEnv, type TestAdminAuth } from './support.js';

const clock = fixedClock('2026-03-01T09:00:00.000Z');
const DEMO_PASSWORD = 'vanhop-demo-driver';

const updated = (driverId: string, email: string, active = true): DriverUpdated => ({
  driverId,
  version: 1,
  action: 'created',
  by: 'seed',
  at: '2026-03-01T09:00:00.000Z',
  changes: [],
  driver: { name: driverId, email, active },
});

const seeded = new Set(DEMO_DRIVER_CONTACTS.map((d) => d.driverId));

/**
 * Demo drivers staff add later (not in the seed, whose accounts open at start) get portal accounts
 * as quote's copy of them arrives, so a declined job is handed on to them as in production.
 */
describe('demo drivers get portal accounts in the embedded demo (DEMO_DRIVER_PASSWORD)', () => {
  let svc: TestAdminAuth;
  const opened: EventEnvelope<{ driverId: string }>[] = [];
  // The later drivers' announcements only: the seeded ones are announced at start.
  const openedLater = () => opened.map((e) => e.data.driverId).filter((id) => !seeded.has(id));
  const deliver = async (d: DriverUpdated) => {
    const event = await createEvent(TOPICS.driverUpdated, d, { producer: 'quote', clock });
    await (await svc.service.infra.bus.publish(TOPICS.driverUpdated, event, d.driverId)).durable;
    await (svc.service.infra.bus as MemoryEventBus).idle();
  };
  const login = (email: string, password = DEMO_PASSWORD) => svc.post('/api/driver-account/login', { email, password });

  beforeAll(async () => {
    svc = await startAdminAuth({ DEMO_DRIVER_PASSWORD: DEMO_PASSWORD }, clock);
    await svc.service.infra.bus.subscribe('test-quote', TOPICS.driverAccountOpened, async (e) => {
      opened.push(e as EventEnvelope<{ driverId: string }>);
    });
  });
  afterAll(() => svc.stop());

  it('a demo driver (reserved domain) can sign in with the demo password, and quote hears the account opened once', async () => {
    const email = `nadia.khan@${DEMO_DRIVER_EMAIL_DOMAIN}`;
    await deliver(updated('drv-nadia-khan', email));
    await deliver(updated('drv-nadia-khan', email));
    const res = await login(email);
    expect(res.status).toBe(200);
    expect(res.body.driver).toMatchObject({ id: 'drv-nadia-khan', email });
    await expect.poll(() => openedLater(), { timeout: 15_000 }).toEqual(['drv-nadia-khan']);
  });

  it('a real driver gets no account from it, nor a suspended demo driver', async () => {
    await deliver(updated('drv-real', 'real.driver@example.com'));
    expect((await login('real.driver@example.com')).status).toBe(401);
    const suspended = `sus@${DEMO_DRIVER_EMAIL_DOMAIN}`;
    await deliver(updated('drv-sus', suspended, false));
    expect((await login(suspended)).status).toBe(401);
    expect(openedLater()).toEqual(['drv-nadia-khan']);
  });

  it('is refused outside the embedded demo, and must be a valid password', () => {
    expect(() =>
      loadConfig(
        testEnv('/tmp/x', {
          DEMO_DRIVER_PASSWORD: DEMO_PASSWORD,
          STORE: 'mongo',
          MONGO_URL: 'mongodb://localhost:27017/vanhop',
        }),
      ),
    ).toThrow(/DEMO_DRIVER_PASSWORD/);
    expect(() => loadConfig(testEnv('/tmp/x', { DEMO_DRIVER_PASSWORD: 'short' }))).toThrow(/DEMO_DRIVER_PASSWORD/);
    expect(loadConfig(testEnv('/tmp/x')).demoDriverPassword).toBeNull();
  });
});
