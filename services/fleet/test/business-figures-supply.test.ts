import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverAvailableHoursSchema, TOPICS, type EventEnvelope } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { availableHours } from '../src/domain/available-hours.js';
import { complete, NOW, post, startQuote } from './support.js';

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

describe('available hours (pure)', () => {
  it("adds each day's periods over the window, none on a day off; no hours set: null", () => {
    const availability = {
      weekly: {
        ...none,
        mon: [
          { from: '08:00', to: '12:00' },
          { from: '13:00', to: '17:30' },
        ],
        sat: [{ from: '09:00', to: '10:00' }],
      },
      daysOff: ['2026-11-30'],
    };
    // 2026-11-23 is a Monday; two weeks: Mon 23 (8.5) + Sat 28 (1) + Mon 30 off + Sat 5 Dec (1).
    expect(availableHours(availability, '2026-11-23', 14)).toBe(10.5);
    expect(availableHours(undefined, '2026-11-23', 14)).toBeNull();
  });
});

describe('quote: what the staff dashboard reads of the supply side', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const priced: EventEnvelope[] = [];
  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' });
    await svc.bus.subscribe('test', TOPICS.quotesPriced, async (e) => void priced.push(e));
  });
  afterAll(() => svc.cleanup());

  it('GET /api/drivers/admin/hours: staff only, a date named, every active driver over 28 days', async () => {
    expect((await fetch(`${svc.url}/api/drivers/admin/hours?from=2026-01-15`)).status).toBe(401);
    const bad = await fetch(`${svc.url}/api/drivers/admin/hours?from=soon`, {
      headers: staffAuth('Sam_Admin', { env: TEST_JWT_ENV, clock: fixedClock(NOW) }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('from');
    const res = await fetch(`${svc.url}/api/drivers/admin/hours?from=2026-01-15`, {
      headers: staffAuth('Sam_Admin', { env: TEST_JWT_ENV, clock: fixedClock(NOW) }),
    });
    expect(res.status).toBe(200);
    const body = driverAvailableHoursSchema.validateSync(await res.json(), { strict: true });
    expect(body.to).toBe('2026-02-11');
    expect(body.drivers.length).toBeGreaterThan(0);
    // The demo drivers set no hours: offered at any time.
    expect(body.drivers.every((d) => d.availableHours === null)).toBe(true);
  });

  it('complete quotes are tallied per London day and announced once written; drafts are not counted', async () => {
    expect((await post(`${svc.url}/api/booking`, complete)).status).toBe(200);
    expect((await post(`${svc.url}/api/booking`, complete)).status).toBe(200);
    expect(
      (
        await post(`${svc.url}/api/booking`, {
          addresses: complete.addresses,
          vanSize: 'Large',
          driverHelp: 'Driver-Help',
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 200 && priced.reduce((n, e) => n + (e.data as { count: number }).count, 0) < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(priced.map((e) => e.data)).toEqual([{ day: NOW.slice(0, 10), count: 2 }]);
  });
});
