import { describe, expect, it } from 'vitest';
import {
  JOB_PROGRESS_LINE,
  MOVE_DONE_REASON,
  type JobProgressed,
  type JobProgressStep,
  type MyMoveView,
} from '@vanhop/contracts';
import { createLogger } from '@vanhop/platform';
import { FollowJobProgress } from '../src/app/follow-job-progress.js';
import { toAdminView } from '../src/app/list-bookings.js';
import { HOUR, MOVE_AT, useLifecycleServices } from './lifecycle-support.js';

/** The booking's part: the driver's steps are lines on My move, once each; done marks the booking done. */
describe('the booking follows its driver on the day (JobProgressed)', () => {
  const { clock, api, stored, bookAndPay, repository } = useLifecycleServices();

  it('on my way, arrived, done: one My move line each however often delivered; done sets jobDoneAt for the staff lists', async () => {
    const b = await bookAndPay(30);
    const driver = (await stored(b.id)).driver!;
    const follow = new FollowJobProgress({ bookings: repository(), logger: createLogger('test', 'silent') });
    const event = (step: JobProgressStep, at: number): JobProgressed => ({
      bookingId: b.id,
      randomNumber: b.code,
      step,
      at: new Date(at).toISOString(),
      driver: { id: driver.id, name: driver.name },
      customer: { name: 'Jo', phone: '07700900123' },
    });
    clock.set(MOVE_AT - HOUR);
    for (const [step, at] of [
      ['on-my-way', MOVE_AT - HOUR],
      ['arrived', MOVE_AT],
      ['done', MOVE_AT + 3 * HOUR],
    ] as const) {
      await follow.progressed(event(step, at));
      await follow.progressed(event(step, at));
    }
    // Another driver's step (the booking was reassigned meanwhile) changes nothing.
    await follow.progressed({
      ...event('on-my-way', MOVE_AT),
      bookingId: b.id,
      driver: { id: 'drv-someone-else', name: 'X' },
    });

    const view = (await api<MyMoveView>('GET', b.path)).body;
    expect(view.history.slice(-3).map((h) => h.text)).toEqual([
      JOB_PROGRESS_LINE['on-my-way'](driver.name),
      JOB_PROGRESS_LINE.arrived(driver.name),
      JOB_PROGRESS_LINE.done(driver.name),
    ]);
    expect(
      view.history.filter((h) => h.text.includes(driver.name) || h.text.startsWith('Your move is done')),
    ).toHaveLength(3);
    expect(toAdminView(await stored(b.id)).jobDoneAt).toBe(new Date(MOVE_AT + 3 * HOUR).toISOString());
    // A done move says so, and offers neither a cancellation nor a new date.
    expect(view.driverStandingText).toBe(`${driver.name} has done your move. We will ask you how it went.`);
    expect(view.actions.cancel).toMatchObject({ allowed: false, reason: MOVE_DONE_REASON });
    expect(view.actions.postpone).toEqual({ allowed: false, reason: MOVE_DONE_REASON });
    expect((await api('POST', `${b.path}/cancel`, { confirm: true, expectedRefundPence: 0 })).status).toBe(409);
  });

  it("the headline follows the day (on the way, arrived, done), and the driver's phone shows only while they are on the way or there", async () => {
    const b = await bookAndPay(30);
    const driver = (await stored(b.id)).driver!;
    const follow = new FollowJobProgress({ bookings: repository(), logger: createLogger('test', 'silent') });
    const step = (s: JobProgressStep, at: number) =>
      follow.progressed({
        bookingId: b.id,
        randomNumber: b.code,
        step: s,
        at: new Date(at).toISOString(),
        driver: { id: driver.id, name: driver.name },
        customer: { name: 'Jo', phone: '07700900123' },
      });
    const view = async () => (await api<MyMoveView>('GET', b.path)).body;
    clock.set(MOVE_AT - HOUR);
    expect(driver.phone).toMatch(/\d{6}/);
    const before = await view();
    expect(before.driverPhone).toBeUndefined();

    await step('on-my-way', MOVE_AT - HOUR);
    const onTheWay = await view();
    expect(onTheWay.driverStandingText).toBe(`${driver.name} is on the way to you.`);
    expect(onTheWay.driverPhone).toBe(driver.phone);

    await step('arrived', MOVE_AT);
    const arrived = await view();
    expect(arrived.driverStandingText).toBe(`${driver.name} has arrived.`);
    expect(arrived.driverPhone).toBe(driver.phone);

    await step('done', MOVE_AT + 3 * HOUR);
    const done = await view();
    expect(done.driverStandingText).toBe(`${driver.name} has done your move. We will ask you how it went.`);
    expect(done.driverPhone).toBeUndefined();
  });
});
