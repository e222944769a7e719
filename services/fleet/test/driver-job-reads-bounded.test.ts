import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOPICS, WEEKDAYS, type BookingConfirmed, type JobView } from '@vanhop/contracts';
import { createEvent, fixedClock, type Filter, type FindOptions } from '@vanhop/platform';
import { JobRepository } from '../src/adapters/job-repository.js';
import type { JobDoc } from '../src/domain/ports.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { completeMove, MOVE_DATE, NOW, startQuote } from './support.js';

const clock = fixedClock(NOW);
const ALI = 'drv-ali-hassan';
/** Ali's years of work: done and paid, every one before today. */
const PAST_JOBS = 300;
const pastDate = (i: number) => new Date(Date.parse(NOW) - (i + 1) * 86_400_000).toISOString();
/** A booking the customer postponed before its old date, which has since gone by. */
const POSTPONED_DATE = '2025-12-20T10:00:00.000Z';

/**
 * A driver's conflicts, the jobs a suspension takes and their neighbour jobs read only the driver's
 * jobs from now on (and the postponed ones): a driver with years of past jobs gets the same answers
 * while none of those past jobs is read.
 */
describe('reads of a driver with many past jobs are bounded (quote)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  /** The ids of every job document the store handed back since the last look. */
  let read: string[] = [];
  const pastRead = () => read.filter((id) => id.startsWith('past-'));
  const call = async <T = any>(method: string, p: string, headers: Record<string, string>, body?: unknown) => {
    read = [];
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const jobs = () => svc.infra.store.collection<JobDoc>('driver_jobs');

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    const data: BookingConfirmed = {
      bookingId: 'bk-1',
      randomNumber: 9001,
      paymentStatus: 'paid',
      amountPaidPence: 10000,
      outstandingBalancePence: 0,
      totalPricePence: 10000,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
      driver: { id: ALI, name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' },
      myMovePath: '/mymove/token-bk-1',
      move: completeMove(MOVE_DATE, ''),
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
    expect((await call('POST', '/api/driver/me/jobs/bk-1/accept', driverAuth(ALI, { clock }))).status).toBe(200);
    const upcoming = (await jobs().findOne({ _id: 'bk-1' }))!;
    const like = (id: string, date: string, more: Partial<JobDoc> = {}): JobDoc => ({
      ...upcoming,
      _id: id,
      bookingId: id,
      move: { ...upcoming.move, date },
      ...more,
    });
    await jobs().insertOrdered(Array.from({ length: PAST_JOBS }, (_, i) => like(`past-${i}`, pastDate(i))));
    await jobs().insertOne(like('bk-postponed', POSTPONED_DATE, { bookingState: 'postponed' }));

    // Every document a read of the jobs hands back, whichever part of the service asked.
    const col = jobs();
    const find = col.find.bind(col);
    vi.spyOn(col, 'find').mockImplementation(async (filter: Filter, options?: FindOptions) => {
      const found = await find(filter, options);
      read.push(...found.map((j) => j._id));
      return found;
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await svc?.cleanup();
  });

  it('a day off over the upcoming job flags it, without reading the past ones', async () => {
    // Every day, all day, but the move's day off.
    const weekly = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '00:00', to: '24:00' }]]));
    const hours = { weekly, daysOff: [MOVE_DATE.slice(0, 10)] };
    const asked = await call<{ jobsOutsideHours: unknown[] }>(
      'POST',
      '/api/driver/me/availability/check',
      driverAuth(ALI, { clock }),
      hours,
    );
    expect(asked.status).toBe(200);
    expect(asked.body.jobsOutsideHours).toEqual([{ bookingId: 'bk-1', randomNumber: 9001, date: MOVE_DATE }]);
    expect(read).toContain('bk-1');
    expect(pastRead()).toEqual([]);
  });

  it('the neighbours of a move are the jobs around it only', async () => {
    read = [];
    const start = Date.parse(MOVE_DATE);
    const around = await new JobRepository(svc.infra.store).neighboursOf(
      ALI,
      new Date(start - 2 * 86_400_000),
      new Date(start + 2 * 86_400_000),
    );
    expect(around.map((j) => [j.bookingId, j.window.start.toISOString()])).toEqual([['bk-1', MOVE_DATE]]);
    expect(pastRead()).toEqual([]);
  });

  it('a suspension takes the upcoming and the postponed jobs, without reading the past ones', async () => {
    const staff = () => staffAuth('Sam_Admin', { clock });
    const listed = await call<JobView[]>('GET', `/api/drivers/admin/${ALI}/upcoming-jobs`, staff());
    expect(listed.body.map((j) => [j.bookingId, j.move.date])).toEqual([
      ['bk-postponed', POSTPONED_DATE],
      ['bk-1', MOVE_DATE],
    ]);
    expect(pastRead()).toEqual([]);

    const suspended = await call('POST', `/api/drivers/admin/${ALI}/suspend`, staff(), { reason: 'Insurance lapsed' });
    expect(suspended.status).toBe(200);
    expect(pastRead()).toEqual([]);
    await svc.bus.idle();
    vi.restoreAllMocks();
    const after = await jobs().find({ _id: { $in: ['bk-1', 'bk-postponed', 'past-0'] } }, { sort: { _id: 1 } });
    expect(after.map((j) => [j._id, j.status, j.returnedBecause ?? null])).toEqual([
      ['bk-1', 'returned-to-staff', 'suspended'],
      ['bk-postponed', 'returned-to-staff', 'suspended'],
      ['past-0', 'accepted', null],
    ]);
  });
});
