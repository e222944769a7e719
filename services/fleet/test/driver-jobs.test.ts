import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  type BookingConfirmed,
  type DriverJobsResponse,
  type EventEnvelope,
  type JobView,
} from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

/** A paid booking becomes a job its driver accepts or declines in time; the rest go back to staff. */
describe('driver jobs (quote: booking.confirmed → job, /api/driver/me/jobs, /api/drivers/admin/jobs)', () => {
  const clock = new MovableClock(Date.parse(NOW));
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const ali = driverAuth('drv-ali-hassan', { clock });
  const priya = driverAuth('drv-priya-shah', { clock });
  const call = async <T = any>(method: string, p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${svc.url}${p}`, { method, headers });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const slots = async (bookingId: string) =>
    (await svc.infra.store.collection<{ _id: string; bookingId: string }>('driver_slots').find({ bookingId })).length;
  const confirm = async (bookingId: string, date: string, driverId = 'drv-ali-hassan') => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 1000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      customer: { name: 'Ada <Lovelace>', email: 'ada@example.com', phone: '07700900123' },
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
    const e = await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock });
    await svc.bus.publish(TOPICS.bookingConfirmed, e);
    await svc.bus.publish(TOPICS.bookingConfirmed, e);
    await svc.bus.idle();
  };

  const published: Record<string, EventEnvelope[]> = { [TOPICS.jobOffered]: [], [TOPICS.jobAccepted]: [] };
  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    for (const topic of Object.keys(published))
      await svc.bus.subscribe('test', topic, async (e) => void published[topic]!.push(e));
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('a paid booking is offered to its driver once, with the customer’s name (contact once accepted) and a respond-by time; only that driver sees it', async () => {
    await confirm('bk-1', '2026-01-20T10:00:00.000Z');
    await confirm('bk-2', '2026-01-15T14:00:00.000Z');
    const mine = await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', ali);
    expect(mine.status).toBe(200);
    expect(mine.body.upcoming.map((j) => j.bookingId)).toEqual(['bk-1']);
    expect(mine.body.today.map((j) => j.bookingId)).toEqual(['bk-2']);
    expect(mine.body.upcoming[0]).toMatchObject({
      // The name while offered; the contact only once accepted (the customer is told the same).
      status: 'offered',
      offeredAt: NOW,
      respondBy: '2026-01-15T10:00:00.000Z',
      customerName: 'Ada <Lovelace>',
      customer: null,
    });
    expect((await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', priya)).body).toEqual({
      upcoming: [],
      today: [],
      past: [],
    });
    expect((await call('POST', '/api/driver/me/jobs/bk-1/accept', priya)).status).toBe(404);
    expect((await call('GET', '/api/driver/me/jobs')).status).toBe(401);
    expect((await call('GET', '/api/driver/me/jobs', staffAuth('Sam_Admin', { clock }))).status).toBe(401);
    expect((await call('GET', '/api/drivers/admin/jobs', ali)).status).toBe(401);
    // BookingConfirmed was delivered twice per booking: one JobOffered each, through the outbox.
    await svc.bus.idle();
    expect(published[TOPICS.jobOffered]!.map((e) => (e.data as { bookingId: string }).bookingId).sort()).toEqual([
      'bk-1',
      'bk-2',
    ]);
    expect(published[TOPICS.jobOffered]![0]!.data).toMatchObject({
      driver: { id: 'drv-ali-hassan', email: 'd@example.com' },
      respondBy: '2026-01-15T10:00:00.000Z',
    });
    expect(
      await svc.infra.store
        .collection<{ _id: string; outbox?: unknown[] }>('driver_jobs')
        .count({ 'outbox.0': { $exists: true } }),
    ).toBe(0);
  });

  it('accept keeps the job and the time; a second answer is refused', async () => {
    const accepted = await call<JobView>('POST', '/api/driver/me/jobs/bk-1/accept', ali);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', respondedAt: NOW });
    expect((await call('POST', '/api/driver/me/jobs/bk-1/decline', ali)).status).toBe(409);
    expect(await slots('bk-1')).toBe(12);
    await svc.bus.idle();
    expect(published[TOPICS.jobAccepted]!.map((e) => e.data)).toEqual([
      expect.objectContaining({ bookingId: 'bk-1', acceptedAt: NOW }),
    ]);
  });

  it('decline returns the job to staff; the driver’s time stays taken while the booking names them', async () => {
    expect(await slots('bk-2')).toBe(12);
    const declined = await call<JobView>('POST', '/api/driver/me/jobs/bk-2/decline', ali);
    expect(declined.body).toMatchObject({ status: 'returned-to-staff', returnedBecause: 'declined' });
    expect(await slots('bk-2')).toBe(12);
    expect((await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', ali)).body.today).toEqual([]);
    const staff = await call<JobView[]>('GET', '/api/drivers/admin/jobs', staffAuth('Sam_Admin', { clock }));
    expect(staff.body.map((j) => [j.bookingId, j.returnedBecause])).toEqual([['bk-2', 'declined']]);
  });

  it("a driver's own list has today's and upcoming jobs and only the latest 50 past ones, latest first", async () => {
    const jobs = svc.infra.store.collection<Record<string, unknown> & { _id: string; move: object }>('driver_jobs');
    const template = (await jobs.findOne({ _id: 'bk-1' }))!;
    const now = clock.now().getTime();
    const job = (id: string, date: number) => ({
      ...template,
      _id: id,
      bookingId: id,
      driverId: 'drv-priya-shah',
      status: 'accepted',
      move: { ...template.move, date: new Date(date).toISOString() },
      outbox: [],
    });
    // A year of work behind her: the list must not bring it all back each time the portal loads.
    for (let i = 1; i <= 60; i++) await jobs.insertOne(job(`bk-past-${i}`, now - i * 2 * 86_400_000));
    await jobs.insertOne(job('bk-soon', now + 3 * 86_400_000));
    const mine = await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', priya);
    expect(mine.status).toBe(200);
    expect(mine.body.upcoming.map((j) => j.bookingId)).toEqual(['bk-soon']);
    expect(mine.body.past.map((j) => j.bookingId)).toEqual(Array.from({ length: 50 }, (_, i) => `bk-past-${i + 1}`));
  });

  it('an offer not answered within JOB_RESPONSE_MINUTES expires back to staff (injected clock)', async () => {
    await confirm('bk-3', '2026-01-22T10:00:00.000Z');
    clock.t = Date.parse(NOW) + 119 * 60_000;
    // Tokens last an hour: sign in again at the new time.
    const ali = driverAuth('drv-ali-hassan', { clock });
    expect(
      (await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', ali)).body.upcoming.map((j) => j.bookingId),
    ).toContain('bk-3');
    clock.t = Date.parse(NOW) + 120 * 60_000;
    const late = await call<{ message: string }>('POST', '/api/driver/me/jobs/bk-3/accept', ali);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/passed/);
    expect(await slots('bk-3')).toBe(12);
    const staff = await call<JobView[]>('GET', '/api/drivers/admin/jobs', staffAuth('Sam_Admin', { clock }));
    expect(staff.body.map((j) => [j.bookingId, j.returnedBecause])).toEqual([
      ['bk-2', 'declined'],
      ['bk-3', 'expired'],
    ]);
  });
});

describe('respondByFor: the answer is due before the move starts', () => {
  it('is JOB_RESPONSE_MINUTES from the offer, or the move start when that is sooner', async () => {
    const { respondByFor } = await import('../src/app/driver-jobs.js');
    const now = new Date('2026-01-15T08:00:00.000Z');
    expect(respondByFor(now, 120, '2026-01-20T10:00:00.000Z')).toBe('2026-01-15T10:00:00.000Z');
    // An hour away: a quarter of the time left, but never less than 15 minutes.
    expect(respondByFor(now, 120, '2026-01-15T09:00:00.000Z')).toBe('2026-01-15T08:15:00.000Z');
    expect(respondByFor(now, 120, '2026-01-15T08:10:00.000Z')).toBe('2026-01-15T08:10:00.000Z');
    // A date that cannot be read (or is past) leaves the usual deadline.
    expect(respondByFor(now, 120, 'soon')).toBe('2026-01-15T10:00:00.000Z');
    expect(respondByFor(now, 120, '2026-01-15T07:00:00.000Z')).toBe('2026-01-15T10:00:00.000Z');
  });

  it('shrinks with the time left: a same-day move booked at 07:28 for 12:00 is answered by 08:36', async () => {
    const { respondByFor } = await import('../src/app/driver-jobs.js');
    const at = (t: string) => new Date(`2026-01-15T${t}:00.000Z`);
    expect(respondByFor(at('07:28'), 120, '2026-01-15T12:00:00.000Z')).toBe('2026-01-15T08:36:00.000Z');
    // The next driver, offered at 09:27, must answer two hours before the move.
    expect(respondByFor(at('09:27'), 120, '2026-01-15T12:00:00.000Z')).toBe('2026-01-15T10:00:00.000Z');
    // Eight hours or more away: the full JOB_RESPONSE_MINUTES.
    expect(respondByFor(at('04:00'), 120, '2026-01-15T12:00:00.000Z')).toBe('2026-01-15T06:00:00.000Z');
  });
});
