import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_CONFLICT_TEXT,
  TOPICS,
  type BookingConfirmed,
  type EventEnvelope,
  type JobConflict,
  type JobConflictFound,
} from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { complete, MOVE_DATE, NOW, post, startQuote, completeMove } from './support.js';

const clock = fixedClock(NOW);
const ALL_DAY = { from: '00:00', to: '24:00' };
const everyDay = {
  mon: [ALL_DAY],
  tue: [ALL_DAY],
  wed: [ALL_DAY],
  thu: [ALL_DAY],
  fri: [ALL_DAY],
  sat: [ALL_DAY],
  sun: [ALL_DAY],
};

/** Conflicts flagged where they arise: a day off over an accepted job, documents lapsing first, a suspended driver's returned job. */
describe('job conflicts (quote: GET /api/drivers/admin/jobs/:id/conflicts)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  let offers: { driverId: string; driverName: string; totalPrice: number }[] = [];
  const alerts: EventEnvelope<JobConflictFound>[] = [];
  const staff = () => staffAuth('Sam_Admin', { clock });
  const call = async <T = any>(method: string, p: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const conflicts = async (bookingId: string) =>
    (await call<JobConflict[]>('GET', `/api/drivers/admin/jobs/${bookingId}/conflicts`, staff())).body;
  const confirm = async (bookingId: string, driverId: string, totalPricePence: number) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 8000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: 'paid',
      amountPaidPence: totalPricePence,
      outstandingBalancePence: 0,
      totalPricePence,
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      driver: { id: driverId, name: 'Booked Driver', email: 'booked@example.com', phone: '07700900101' },
      myMovePath: `/mymove/token-${bookingId}`,
      move: completeMove(MOVE_DATE, ''),
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
  };

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    await svc.bus.subscribe('test', TOPICS.jobConflictFound, async (e) => {
      alerts.push(e as EventEnvelope<JobConflictFound>);
    });
    offers = (await post(`${svc.url}/api/booking`, complete)).json.offers;
    expect(offers.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('an accepted job has none; a day off added over it flags it', async () => {
    const d = offers[0]!;
    await confirm('bk-1', d.driverId, Math.round(d.totalPrice * 100));
    expect((await call('POST', '/api/driver/me/jobs/bk-1/accept', driverAuth(d.driverId, { clock }))).status).toBe(200);
    expect(await conflicts('bk-1')).toEqual([]);
    const hours = { weekly: everyDay, daysOff: [MOVE_DATE.slice(0, 10)] };

    // Before saving, the driver is told which job the day off would leave out; nothing is saved yet.
    const asked = await call<{ jobsOutsideHours: unknown[] }>(
      'POST',
      '/api/driver/me/availability/check',
      driverAuth(d.driverId, { clock }),
      hours,
    );
    expect(asked.status).toBe(200);
    expect(asked.body.jobsOutsideHours).toEqual([{ bookingId: 'bk-1', randomNumber: 8001, date: MOVE_DATE }]);
    expect(await conflicts('bk-1')).toEqual([]);
    const refused = await call('POST', '/api/driver/me/availability/check', driverAuth(d.driverId, { clock }), {
      weekly: { mon: [{ from: '25:00', to: '26:00' }] },
    });
    expect(refused.status).toBe(400);

    const set = await call<{ jobsOutsideHours: unknown[] }>(
      'PUT',
      '/api/driver/me/availability',
      driverAuth(d.driverId, { clock }),
      hours,
    );
    expect(set.status).toBe(200);
    // The driver is warned again once saved: their new hours leave out a job they accepted.
    expect(set.body.jobsOutsideHours).toEqual([{ bookingId: 'bk-1', randomNumber: 8001, date: MOVE_DATE }]);
    expect(await conflicts('bk-1')).toEqual([
      { kind: 'outside-hours', text: JOB_CONFLICT_TEXT.outsideHours(d.driverName) },
    ]);
    // The office is alerted where it arose, once however often the same hours are saved.
    await svc.bus.idle();
    expect(alerts.map((e) => e.data)).toEqual([
      expect.objectContaining({
        bookingId: 'bk-1',
        kind: 'outside-hours',
        status: 'accepted',
        text: JOB_CONFLICT_TEXT.outsideHours(d.driverName),
        driver: { id: d.driverId, name: 'Booked Driver' },
      }),
    ]);
    expect((await call('PUT', '/api/driver/me/availability', driverAuth(d.driverId, { clock }), hours)).status).toBe(
      200,
    );
    await svc.bus.idle();
    expect(alerts).toHaveLength(1);
  });

  it('insurance that expires before the move flags the job', async () => {
    const d = offers[1]!;
    await confirm('bk-2', d.driverId, Math.round(d.totalPrice * 100));
    const saved = await call('PUT', `/api/drivers/admin/${d.driverId}/documents`, staff(), {
      insurance: { reference: 'INS-1', expiresOn: '2026-01-18' },
      licence: null,
    });
    expect(saved.status).toBe(200);
    expect(await conflicts('bk-2')).toEqual([
      { kind: 'document-expires', text: JOB_CONFLICT_TEXT.documentExpires(d.driverName, '2026-01-20') },
    ]);
    // The office is alerted as the document is recorded.
    await svc.bus.idle();
    expect(alerts.filter((e) => e.data.bookingId === 'bk-2').map((e) => e.data)).toEqual([
      expect.objectContaining({
        kind: 'document-expires',
        status: 'offered',
        text: JOB_CONFLICT_TEXT.documentExpires(d.driverName, '2026-01-20'),
      }),
    ]);
  });

  it('a new date past a recorded expiry: the driver keeps the job, the office is alerted', async () => {
    expect(offers.length).toBeGreaterThanOrEqual(4);
    const d = offers[3]!;
    await confirm('bk-4', d.driverId, Math.round(d.totalPrice * 100));
    const saved = await call('PUT', `/api/drivers/admin/${d.driverId}/documents`, staff(), {
      insurance: { reference: 'INS-4', expiresOn: '2026-01-25' },
      licence: null,
    });
    expect(saved.status).toBe(200);
    await svc.bus.idle();
    expect(await conflicts('bk-4')).toEqual([]);
    expect(alerts.filter((e) => e.data.bookingId === 'bk-4')).toEqual([]);

    const before = completeMove(MOVE_DATE, '');
    const amended = {
      bookingId: 'bk-4',
      randomNumber: 8004,
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      driver: { id: d.driverId, name: 'Booked Driver', email: 'booked@example.com', phone: '07700900101' },
      move: { ...before, date: '2026-01-27T10:00:00.000Z' },
      myMovePath: '/mymove/token-bk-4',
      previousMove: before,
      changed: ['date' as const],
      totalPricePence: Math.round(d.totalPrice * 100),
      previousTotalPricePence: Math.round(d.totalPrice * 100),
      balancePence: 0,
      refundPence: 0,
      amendedBy: 'Sam_Admin',
    };
    await svc.bus.publish(
      TOPICS.bookingAmended,
      await createEvent(TOPICS.bookingAmended, amended, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
    expect(await conflicts('bk-4')).toEqual([
      { kind: 'document-expires', text: JOB_CONFLICT_TEXT.documentExpires(d.driverName, '2026-01-27') },
    ]);
    expect(alerts.filter((e) => e.data.bookingId === 'bk-4').map((e) => e.data.kind)).toEqual(['document-expires']);
  });

  it('a job its suspended driver left (nobody to hand it to) no longer holds their time: nothing flagged', async () => {
    const d = offers[2]!;
    await confirm('bk-3', d.driverId, Math.round(d.totalPrice * 100));
    const res = await call('POST', `/api/drivers/admin/${d.driverId}/suspend`, staff(), { reason: 'Van off the road' });
    expect(res.status).toBe(200);
    await svc.bus.idle();
    // Nobody has a portal account here, so the job goes back to the office, naming the suspended
    // driver; their time is given back, so nothing stands in the way of reassigning it.
    expect(await conflicts('bk-3')).toEqual([]);
    expect((await call('GET', '/api/drivers/admin/jobs/nope/conflicts', staff())).status).toBe(404);
  });
});
