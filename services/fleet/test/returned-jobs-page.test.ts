import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@vanhop/platform';
import { STAFF_LEGACY_LIST_MAX } from '@vanhop/contracts';
import { fleetService } from '../src/service.js';
import { DRIVER_JOBS } from '../src/adapters/job-repository.js';
import type { JobDoc } from '../src/domain/ports.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';

const clock = { now: () => new Date('2026-03-01T12:00:00Z') };
const day = (n: number) => new Date(Date.parse('2026-03-10T09:00:00Z') + Math.floor(n / 2) * 86_400_000).toISOString();

/** A job back with the office (or in another state), moving on day n/2: two jobs share each day. */
const job = (i: number, over: Partial<JobDoc> = {}): JobDoc => ({
  _id: `bk-${String(i).padStart(3, '0')}`,
  bookingId: `bk-${String(i).padStart(3, '0')}`,
  randomNumber: 6000 + i,
  driverId: 'drv-1',
  status: 'returned-to-staff',
  offeredAt: '2026-03-01T08:00:00.000Z',
  respondBy: '2026-03-01T10:00:00.000Z',
  respondedAt: '2026-03-01T09:00:00.000Z',
  returnedBecause: 'declined',
  move: {
    date: day(i),
    totalHour: 2,
    addresses: [{ location: 'London NW2, UK', physicalAddress: '1 High St', stair: 0 }],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    description: '',
  },
  customer: { name: `Customer ${i}`, email: 'c@example.com', phone: '07700900000' },
  driverContact: { name: 'Dan Driver', email: 'dan@example.com' },
  ...over,
});

describe('jobs back with the office a page at a time', () => {
  let stack: TestStack;
  let svc: RunningService;
  const back = Array.from({ length: 27 }, (_, i) => job(i));

  beforeAll(async () => {
    stack = await startTestStack({ name: 'returned-jobs-page', clock });
    svc = await stack.start(fleetService, { SEED_DEMO_DRIVERS: 'false' });
    const col = svc.infra.store.collection<JobDoc>(DRIVER_JOBS);
    for (const j of [...back].reverse()) await col.insertOne(j);
    // Not listed: a job its driver accepted, and a returned job whose booking was cancelled.
    await col.insertOne(job(100, { status: 'accepted', respondedAt: null, returnedBecause: null }));
    await col.insertOne(job(101, { bookingState: 'cancelled' }));
  });
  afterAll(() => stack?.stop());

  const get = async (pathname: string, auth = true) => {
    const res = await fetch(`${svc.url}${pathname}`, { headers: auth ? staffAuth('Sam_Admin', { clock }) : {} });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('pages them soonest move first, each once, ties by booking id, as the whole list orders them', async () => {
    const first = await get('/api/drivers/admin/jobs/page?pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pageSize: 10, next: expect.any(String) });
    expect(first.body.items[0]).toMatchObject({ bookingId: 'bk-000', status: 'returned-to-staff', randomNumber: 6000 });
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/drivers/admin/jobs/page?pageSize=10${after ? `&after=${after}` : ''}`);
      ids.push(...res.body.items.map((j: { bookingId: string }) => j.bookingId));
      after = res.body.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(ids).toEqual(back.map((j) => j._id));
    const whole = await get('/api/drivers/admin/jobs');
    expect(whole.body.map((j: { bookingId: string }) => j.bookingId).sort()).toEqual(ids);
  });

  it('refuses bad values naming the field, and anyone without a staff token', async () => {
    expect((await get('/api/drivers/admin/jobs/page?pageSize=500')).body.errors).toHaveProperty('pageSize');
    expect((await get('/api/drivers/admin/jobs/page?after=bm90LWpzb24')).body.errors).toHaveProperty('after');
    expect((await get('/api/drivers/admin/jobs/page', false)).status).toBe(401);
  });

  it('the whole list kept for other clients answers the soonest STAFF_LEGACY_LIST_MAX jobs, a staff token needed', async () => {
    const col = svc.infra.store.collection<JobDoc>(DRIVER_JOBS);
    const later = Array.from({ length: STAFF_LEGACY_LIST_MAX }, (_, i) => job(200 + i));
    for (const j of later) await col.insertOne(j);
    const whole = await get('/api/drivers/admin/jobs');
    expect(whole.status).toBe(200);
    expect(whole.body.map((j: { bookingId: string }) => j.bookingId)).toEqual(
      [...back, ...later].slice(0, STAFF_LEGACY_LIST_MAX).map((j) => j._id),
    );
    expect((await get('/api/drivers/admin/jobs', false)).status).toBe(401);
  });
});
