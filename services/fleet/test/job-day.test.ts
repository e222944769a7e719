import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PROGRESS_MSG, TOPICS, type JobProgressed, type JobReminded, type JobView } from '@vanhop/contracts';
import { driverAuth } from '../../../test/support/staff.js';
import { doneWithProof } from '../../../test/support/job-proof.js';
import { MovableClock, startJobDayQuote, type JobDayQuote } from './job-day-support.js';

/** The quote service's part: the day-before reminder and the driver's progress on the day. */
describe('the day of the move (quote: reminders sweep, /api/driver/me/jobs/:id/progress)', () => {
  const clock = new MovableClock('2026-01-15T08:00:00.000Z');
  let day: JobDayQuote;
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const priya = () => driverAuth('drv-priya-shah', { clock });
  const start = () => day.start({ JOB_RESPONSE_MINUTES: '120' });
  const call = <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) =>
    day.call<T>(method, p, headers, body);
  const step = (id: string, s: string, who = ali()) =>
    call<JobView & { message?: string }>('POST', `/api/driver/me/jobs/${id}/progress`, who, { step: s });
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      await day.svc.bus.idle();
      await new Promise((r) => setTimeout(r, 30));
    }
  };

  beforeAll(async () => {
    day = await startJobDayQuote({ name: 'job-day', clock, topics: [TOPICS.jobProgressed, TOPICS.jobReminded] });
    await start();
    // Tomorrow 10:00 (GMT in January), next week, and one cancelled before the evening.
    await day.confirm('bk-1', '2026-01-16T10:00:00.000Z');
    await day.confirm('bk-2', '2026-01-20T10:00:00.000Z');
    await day.confirm('bk-3', '2026-01-16T14:00:00.000Z');
    // What BookingCancelled does to a job (DriverJobs.bookingCancelled): the booking is off.
    await day.jobsCol().updateOne({ _id: 'bk-3' }, { $set: { bookingState: 'cancelled', refundPence: 0 } });
    await day.svc.bus.idle();
  });
  afterAll(async () => {
    await day?.stop();
  });

  it('the reminder goes out once from 18:00 London the evening before, across a restart, and not for a cancelled move', async () => {
    clock.set('2026-01-15T17:59:00.000Z');
    await day.svc.stop();
    await start();
    await settle();
    expect(day.published[TOPICS.jobReminded]).toEqual([]);

    clock.set('2026-01-15T18:00:00.000Z');
    // Restart: the start-up sweep finds bk-1 due; a second restart and more sweeps send nothing again.
    await day.svc.stop();
    await start();
    await settle();
    await day.svc.stop();
    await start();
    await settle();
    const reminders = day.published[TOPICS.jobReminded]!.map((e) => e.data as JobReminded);
    expect(reminders.map((r) => r.bookingId)).toEqual(['bk-1']);
    expect(reminders[0]).toMatchObject({
      driver: { id: 'drv-ali-hassan', phone: '07700900101' },
      customer: { phone: '07700900123' },
      cashToCollectPence: 7000,
      myMovePath: '/mymove/tok-bk-1',
    });
  });

  it('a re-dated booking gets a reminder for its new date', async () => {
    // What a new date does to the job (DriverJobs.bookingMoved offers it again), then the driver accepts it again.
    await day
      .jobsCol()
      .updateOne(
        { _id: 'bk-1' },
        { $set: { 'move.date': '2026-01-17T09:00:00.000Z', status: 'accepted', offeredAt: clock.now().toISOString() } },
      );
    clock.set('2026-01-16T18:00:00.000Z');
    await day.svc.stop();
    await start();
    await settle();
    expect(
      day.published[TOPICS.jobReminded]!.map((e) => [
        (e.data as JobReminded).bookingId,
        (e.data as JobReminded).move.date,
      ]),
    ).toEqual([
      ['bk-1', '2026-01-16T10:00:00.000Z'],
      ['bk-1', '2026-01-17T09:00:00.000Z'],
    ]);
  });

  it('on the day: too early, out of order and another driver are refused; on my way → arrived → done each publish once', async () => {
    clock.set('2026-01-17T06:59:00.000Z');
    const early = await step('bk-1', 'on-my-way');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(
      /^It is too early to start this job: you can mark "On my way" from Saturday,? 17 January 2026( at)? 07:00/,
    );
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
    const done = () =>
      call<JobView & { message?: string }>('POST', '/api/driver/me/jobs/bk-1/progress', ali(), doneWithProof());
    // The badge says Done after Done, not Accepted.
    expect((await done()).body).toMatchObject({ progress: 'done', stateText: 'Done' });
    expect((await done()).body.message).toBe('This job is already done.');
    expect((await step('bk-3', 'on-my-way')).body.message).toBe(JOB_PROGRESS_MSG.cancelled);
    await settle();
    expect(day.published[TOPICS.jobProgressed]!.map((e) => (e.data as JobProgressed).step)).toEqual([
      'on-my-way',
      'arrived',
      'done',
    ]);
    expect(day.published[TOPICS.jobProgressed]![2]!.data).toMatchObject({
      bookingId: 'bk-1',
      driver: { id: 'drv-ali-hassan', name: 'Ali Hassan' },
      customer: { phone: '07700900123' },
      myMovePath: '/mymove/tok-bk-1',
    });
  });
});
