import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PROGRESS_MSG, TOPICS, type BookingConfirmed, type EventEnvelope, type JobProgressed, type JobReminded, type JobView } from '@vanhop/contracts';
import { createEvent, createLogger, MemoryEventBus, startService, type Clock, type RunningService } from '@vanhop/platform';
import { quoteService } from '../src/service.js';
import { driverAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { doneWithProof } from '../../../test/support/job-proof.js';

class MovableClock implements Clock {
  t = Date.parse('2026-01-15T08:00:00.000Z');
  now = () => new Date(this.t);
  set = (iso: string) => void (this.t = Date.parse(iso));
}

/** Issue 28 item 2, the quote service's part: the day-before reminder and the driver's progress on the day. */
describe('the day of the move (quote: reminders sweep, /api/driver/me/jobs/:id/progress)', () => {
  const clock = new MovableClock();
  let dataDir = '';
  let svc: RunningService & { bus: MemoryEventBus };
  const published: Record<string, EventEnvelope[]> = { [TOPICS.jobProgressed]: [], [TOPICS.jobReminded]: [] };
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const priya = () => driverAuth('drv-priya-shah', { clock });

  /** Starts quote on the same data folder (a restart keeps the store), counting what its relay publishes. */
  const start = async () => {
    const bus = new MemoryEventBus(createLogger('bus', 'silent'));
    for (const topic of Object.keys(published)) await bus.subscribe('test', topic, async (e) => void published[topic]!.push(e));
    const config = quoteService.loadConfig({ ...TEST_JWT_ENV, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' });
    svc = Object.assign(await startService(quoteService, config, { bus, clock }), { bus });
  };
  const call = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const step = (id: string, s: string, who = ali()) => call<JobView & { message?: string }>('POST', `/api/driver/me/jobs/${id}/progress`, who, { step: s });
  const jobsCol = () => svc.infra.store.collection<{ _id: string }>('driver_jobs');
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await svc.bus.idle();
      await new Promise((r) => setTimeout(r, 30));
    }
  };
  const confirm = async (bookingId: string, date: string) => {
    const data: BookingConfirmed = {
      bookingId, randomNumber: 2000 + Number(bookingId.replace(/\D/g, '')), paymentStatus: '30percentage', amountPaidPence: 3000, outstandingBalancePence: 7000, totalPricePence: 10000,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
      driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' },
      move: { date, addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 1 }], typeofVan: 'Large', typeOfWorker: 'Driver-Help', totalHour: 3, description: 'Sofa' },
      myMovePath: `/mymove/tok-${bookingId}`,
    };
    await svc.bus.publish(TOPICS.bookingConfirmed, await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }));
    await svc.bus.idle();
    expect((await call('POST', `/api/driver/me/jobs/${bookingId}/accept`, ali())).status).toBe(200);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-job-day-'));
    await start();
    // Tomorrow 10:00 (GMT in January), next week, and one cancelled before the evening.
    await confirm('bk-1', '2026-01-16T10:00:00.000Z');
    await confirm('bk-2', '2026-01-20T10:00:00.000Z');
    await confirm('bk-3', '2026-01-16T12:00:00.000Z');
    // What BookingCancelled does to a job (DriverJobs.bookingCancelled): the booking is off.
    await jobsCol().updateOne({ _id: 'bk-3' }, { $set: { bookingState: 'cancelled', refundPence: 0 } });
    await svc.bus.idle();
  });
  afterAll(async () => {
    await svc?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the reminder goes out once from 18:00 London the evening before, across a restart, and not for a cancelled move', async () => {
    clock.set('2026-01-15T17:59:00.000Z');
    await svc.stop();
    await start();
    await settle();
    expect(published[TOPICS.jobReminded]).toEqual([]);

    clock.set('2026-01-15T18:00:00.000Z');
    // Restart: the start-up sweep finds bk-1 due; a second restart and more sweeps send nothing again.
    await svc.stop();
    await start();
    await settle();
    await svc.stop();
    await start();
    await settle();
    const reminders = published[TOPICS.jobReminded]!.map((e) => e.data as JobReminded);
    expect(reminders.map((r) => r.bookingId)).toEqual(['bk-1']);
    expect(reminders[0]).toMatchObject({ driver: { id: 'drv-ali-hassan', phone: '07700900101' }, customer: { phone: '07700900123' }, cashToCollectPence: 7000, myMovePath: '/mymove/tok-bk-1' });
  });

  it('a re-dated booking gets a reminder for its new date', async () => {
    // What a new date does to the job (DriverJobs.bookingMoved offers it again), then the driver accepts it again.
    await jobsCol().updateOne({ _id: 'bk-1' }, { $set: { 'move.date': '2026-01-17T09:00:00.000Z', status: 'accepted', offeredAt: clock.now().toISOString() } });
    clock.set('2026-01-16T18:00:00.000Z');
    await svc.stop();
    await start();
    await settle();
    expect(published[TOPICS.jobReminded]!.map((e) => [(e.data as JobReminded).bookingId, (e.data as JobReminded).move.date])).toEqual([
      ['bk-1', '2026-01-16T10:00:00.000Z'],
      ['bk-1', '2026-01-17T09:00:00.000Z'],
    ]);
  });

  it('on the day: too early, out of order and another driver are refused; on my way → arrived → done each publish once', async () => {
    clock.set('2026-01-17T06:59:00.000Z');
    const early = await step('bk-1', 'on-my-way');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^It is too early to start this job: you can mark "On my way" from Saturday,? 17 January 2026( at)? 07:00/);
    clock.set('2026-01-17T07:00:00.000Z');
    expect((await step('bk-1', 'arrived')).body.message).toBe(JOB_PROGRESS_MSG.outOfOrder('on-my-way'));
    expect((await step('bk-1', 'on-my-way', priya())).status).toBe(404);
    expect((await call('POST', '/api/driver/me/jobs/bk-1/progress', {}, { step: 'on-my-way' })).status).toBe(401);
    const bad = await step('bk-1', 'teleported');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('step');

    const onWay = await step('bk-1', 'on-my-way');
    expect(onWay.status).toBe(200);
    expect(onWay.body).toMatchObject({ progress: 'on-my-way', progressAt: '2026-01-17T07:00:00.000Z' });
    expect((await step('bk-1', 'on-my-way')).status).toBe(409);
    expect((await step('bk-1', 'arrived')).body.progress).toBe('arrived');
    const done = () => call<JobView & { message?: string }>('POST', '/api/driver/me/jobs/bk-1/progress', ali(), doneWithProof());
    expect((await done()).body.progress).toBe('done');
    expect((await done()).body.message).toBe('This job is already done.');
    expect((await step('bk-3', 'on-my-way')).body.message).toBe(JOB_PROGRESS_MSG.cancelled);
    await settle();
    expect(published[TOPICS.jobProgressed]!.map((e) => (e.data as JobProgressed).step)).toEqual(['on-my-way', 'arrived', 'done']);
    expect(published[TOPICS.jobProgressed]![2]!.data).toMatchObject({ bookingId: 'bk-1', driver: { id: 'drv-ali-hassan', name: 'Ali Hassan' }, customer: { phone: '07700900123' }, myMovePath: '/mymove/tok-bk-1' });
  });
});
