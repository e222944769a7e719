import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_ACCOUNT_MSG,
  TOPICS,
  type BookingConfirmed,
  type DriverJobsResponse,
  type EventEnvelope,
  type JobReturned,
  type JobView,
} from '@vanhop/contracts';
import { createEvent, fixedClock, readEvent } from '@vanhop/platform';
import type { JobDoc } from '../src/domain/ports.js';
import { isUpcoming } from '../src/app/suspended-driver-jobs.js';
import { HOUSE_CARD } from '@vanhop/contracts';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

const clock = fixedClock(NOW);
const ALI = 'drv-ali-hassan';
const UPCOMING = ['2026-01-20T10:00:00.000Z', '2026-01-22T10:00:00.000Z'];
const PAST = '2026-01-14T10:00:00.000Z';

/**
 * Every `/api/driver/me...` route this service serves, read from its route files, so a route added
 * later without the suspension check fails here instead of leaking customers' details.
 */
async function driverRoutesInSource(): Promise<string[]> {
  const dir = path.resolve(import.meta.dirname, '../src/http');
  const found = new Set<string>();
  for (const file of await readdir(dir)) {
    const text = await readFile(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/app\.(get|post|put|patch|delete)\(\s*'(\/api\/driver\/[^']*)'/g))
      found.add(`${m[1]!.toUpperCase()} ${m[2]}`);
  }
  return [...found].sort();
}

/** Suspending a driver returns their upcoming jobs to the office and ends their session's access. */
describe('suspending a driver (quote: upcoming jobs back with the office, driver routes refused)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const staff = () => staffAuth('Sam_Admin', { clock });
  const ali = () => driverAuth(ALI, { clock });
  const call = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const confirm = async (bookingId: string, date: string, driverId = ALI) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 2000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
      driver: { id: driverId, name: 'Driver', email: 'd@example.com', phone: '07700900101' },
      move: {
        date,
        addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 1 }],
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        description: 'Sofa',
      },
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
  };
  const jobsColl = () => svc.infra.store.collection<JobDoc>('driver_jobs');
  const slots = async (bookingId: string) =>
    (await svc.infra.store.collection<{ _id: string; bookingId: string }>('driver_slots').find({ bookingId })).length;

  const returned: EventEnvelope<JobReturned>[] = [];
  const offered: EventEnvelope[] = [];
  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    // Read through the shared schema, as the booking and notification services read it.
    await svc.bus.subscribe(
      'test',
      TOPICS.jobReturned,
      async (e) => void returned.push(await readEvent(TOPICS.jobReturned, e)),
    );
    await svc.bus.subscribe('test', TOPICS.jobOffered, async (e) => void offered.push(e));
    await confirm('bk-1', UPCOMING[1]!);
    await confirm('bk-2', UPCOMING[0]!);
    await confirm('bk-3', PAST);
    await confirm('bk-4', UPCOMING[0]!, 'drv-priya-shah');
    expect((await call('POST', '/api/driver/me/jobs/bk-1/accept', ali())).status).toBe(200);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('staff see the upcoming jobs a suspension would give back: not the past one, not another driver’s', async () => {
    const res = await call<JobView[]>('GET', `/api/drivers/admin/${ALI}/upcoming-jobs`, staff());
    expect(res.status).toBe(200);
    expect(res.body.map((j) => [j.bookingId, j.randomNumber, j.move.date, j.status])).toEqual([
      ['bk-2', 2002, UPCOMING[0], 'offered'],
      ['bk-1', 2001, UPCOMING[1], 'accepted'],
    ]);
  });

  it('the upcoming-jobs route needs a staff token and a driver id', async () => {
    const refused: Record<string, string>[] = [
      {},
      ali(),
      staffAuth('Sam_Admin', { clock, env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }),
    ];
    for (const headers of refused)
      expect((await call('GET', `/api/drivers/admin/${ALI}/upcoming-jobs`, headers)).status).toBe(401);
    const bad = await call<{ errors: Record<string, string> }>(
      'GET',
      '/api/drivers/admin/not-a-driver/upcoming-jobs',
      staff(),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
    expect((await call('GET', '/api/drivers/admin/drv-nobody/upcoming-jobs', staff())).status).toBe(404);
  });

  it('suspending returns exactly the upcoming jobs, each with its own JobReturned (suspended); the driver’s time is given back', async () => {
    expect((await call('GET', '/api/driver/me/jobs', ali())).status).toBe(200);
    const res = await call('POST', `/api/drivers/admin/${ALI}/suspend`, staff(), { reason: 'Insurance lapsed' });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    await svc.bus.idle();

    expect(returned.map((e) => [e.data.bookingId, e.data.because, e.data.driver.id]).sort()).toEqual([
      ['bk-1', 'suspended', ALI],
      ['bk-2', 'suspended', ALI],
    ]);
    const office = await call<JobView[]>('GET', '/api/drivers/admin/jobs', staff());
    expect(office.body.map((j) => [j.bookingId, j.status, j.returnedBecause, j.stateText])).toEqual([
      ['bk-2', 'returned-to-staff', 'suspended', 'Driver suspended: back with the office'],
      ['bk-1', 'returned-to-staff', 'suspended', 'Driver suspended: back with the office'],
    ]);
    expect(await jobsColl().findOne({ _id: 'bk-3' })).toMatchObject({ status: 'offered', returnedBecause: null });
    expect(await jobsColl().findOne({ _id: 'bk-4' })).toMatchObject({ status: 'offered', driverId: 'drv-priya-shah' });
    // The booking still names the driver until staff reassign it, but a suspended driver cannot work
    // it: their time is no longer held (nothing for staff to clear before they reassign).
    expect(await slots('bk-1')).toBe(0);
    expect(await slots('bk-2')).toBe(0);
    expect((await call('GET', `/api/drivers/admin/${ALI}/upcoming-jobs`, staff())).body).toEqual([]);
  });

  it('suspending again returns nothing twice', async () => {
    expect((await call('POST', `/api/drivers/admin/${ALI}/suspend`, staff(), {})).status).toBe(200);
    await svc.bus.idle();
    expect(returned).toHaveLength(2);
  });

  it('the suspended driver’s token gets 403 on every /api/driver/me route, reads included', async () => {
    const routes = await driverRoutesInSource();
    const tried: Record<string, { body?: unknown }> = {
      'GET /api/driver/me': {},
      'GET /api/driver/me/jobs': {},
      'POST /api/driver/me/jobs/:id/accept': {},
      'POST /api/driver/me/jobs/:id/decline': {},
      'POST /api/driver/me/jobs/:id/progress': { body: { step: 'on-my-way' } },
      'POST /api/driver/me/jobs/:id/position': {
        body: { lat: 51.55, lng: -0.22, accuracyMetres: 20, at: '2026-01-20T09:00:00.000Z' },
      },
      'POST /api/driver/me/jobs/:id/call': {},
      'PUT /api/driver/me/card': { body: HOUSE_CARD },
      'POST /api/driver/me/availability/check': {
        body: { weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, daysOff: [] },
      },
      'PUT /api/driver/me/availability': {
        body: { weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, daysOff: [] },
      },
    };
    expect(routes).toEqual(Object.keys(tried).sort());
    for (const [route, { body }] of Object.entries(tried)) {
      const [method, p] = route.split(' ') as [string, string];
      const res = await call<{ message: string }>(method, p.replace(':id', 'bk-3'), ali(), body);
      expect(res.status, route).toBe(403);
      expect(res.body.message, route).toBe(DRIVER_ACCOUNT_MSG.suspended);
    }
    // Another driver is not affected; a token for a driver nobody knows is refused as unsigned.
    expect((await call('GET', '/api/driver/me/jobs', driverAuth('drv-priya-shah', { clock }))).status).toBe(200);
    expect((await call('GET', '/api/driver/me/jobs', driverAuth('drv-nobody', { clock }))).status).toBe(401);
  });

  it('a booking paid for the suspended driver after the suspension goes straight back to the office, never offered', async () => {
    const offers = offered.length;
    await confirm('bk-5', '2026-01-23T10:00:00.000Z');
    await svc.bus.idle();
    expect(offered).toHaveLength(offers);
    expect(returned.at(-1)!.data).toMatchObject({ bookingId: 'bk-5', because: 'suspended', driver: { id: ALI } });
    expect(await jobsColl().findOne({ _id: 'bk-5' })).toMatchObject({
      status: 'returned-to-staff',
      returnedBecause: 'suspended',
    });
  });

  it('a suspension that stopped before its jobs went back is finished by its own DriverUpdated', async () => {
    const { _id, outbox, ...job } = (await jobsColl().findOne({ _id: 'bk-3' }))!;
    await jobsColl().insertOne({
      ...job,
      _id: 'bk-6',
      bookingId: 'bk-6',
      randomNumber: 2006,
      status: 'accepted',
      move: { ...job.move, date: '2026-01-24T10:00:00.000Z' },
    });
    const suspended = (await svc.infra.store
      .collection<{ _id: string; version: number }>('drivers')
      .findOne({ _id: ALI }))!;
    const event = await createEvent(
      TOPICS.driverUpdated,
      {
        driverId: ALI,
        version: suspended.version,
        action: 'suspended',
        by: 'Sam_Admin',
        at: NOW,
        changes: [],
        driver: { name: 'Ali Hassan', email: 'ali@example.com', active: false },
      },
      { producer: 'quote', clock },
    );
    await svc.bus.publish(TOPICS.driverUpdated, event);
    await svc.bus.idle();
    expect(await jobsColl().findOne({ _id: 'bk-6' })).toMatchObject({
      status: 'returned-to-staff',
      returnedBecause: 'suspended',
    });
    expect(returned.at(-1)!.data).toMatchObject({ bookingId: 'bk-6', because: 'suspended' });
  });

  it('reactivating restores access with the same token; the returned jobs stay with the office', async () => {
    expect((await call('POST', `/api/drivers/admin/${ALI}/reactivate`, staff())).body.active).toBe(true);
    expect((await call('GET', '/api/driver/me', ali())).status).toBe(200);
    const mine = await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', ali());
    expect(mine.status).toBe(200);
    expect([...mine.body.upcoming, ...mine.body.today, ...mine.body.past].map((j) => j.bookingId)).toEqual(['bk-3']);
    expect(await call('POST', '/api/driver/me/jobs/bk-2/accept', ali())).toMatchObject({
      status: 409,
      body: { message: 'This job went back to the office while your account was suspended.' },
    });
  });
});

describe('isUpcoming: what a suspension gives back', () => {
  const now = new Date(NOW);
  const job = (over: Partial<JobDoc>): JobDoc =>
    ({
      _id: 'bk',
      bookingId: 'bk',
      status: 'accepted',
      bookingState: 'active',
      move: { date: '2026-01-15T14:00:00.000Z' },
      ...over,
    }) as JobDoc;

  it('a live job still ahead (later today included), offered or accepted; a postponed one whatever its old date', () => {
    expect(isUpcoming(job({}), now)).toBe(true);
    expect(isUpcoming(job({ status: 'offered' }), now)).toBe(true);
    expect(isUpcoming(job({ bookingState: 'postponed', move: { date: PAST } as JobDoc['move'] }), now)).toBe(true);
  });

  it('not a move already started or past, a cancelled booking, or a job already back with the office', () => {
    expect(isUpcoming(job({ move: { date: '2026-01-15T07:30:00.000Z' } as JobDoc['move'] }), now)).toBe(false);
    expect(isUpcoming(job({ bookingState: 'cancelled' }), now)).toBe(false);
    expect(isUpcoming(job({ status: 'returned-to-staff', returnedBecause: 'declined' }), now)).toBe(false);
  });
});
