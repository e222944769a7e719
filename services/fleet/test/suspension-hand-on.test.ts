import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATIC_FALLBACK,
  TOPICS,
  type BookingConfirmed,
  type DriverJobsResponse,
  type EventEnvelope,
  type JobView,
} from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import type { JobDoc } from '../src/domain/ports.js';
import { complete, NOW, post, startQuote, openDemoAccounts, completeMove } from './support.js';

const clock = fixedClock(NOW);
const DATES = ['2026-01-20T10:00:00.000Z', '2026-01-21T10:00:00.000Z', '2026-01-22T10:00:00.000Z'];

type Offer = { driverId: string; driverName: string; rating: number; totalPrice: number };

/**
 * Suspending a driver hands each of their upcoming jobs on as a decline does: to the cheapest other
 * driver free for the whole move at no more than the customer booked, the customer told who it is;
 * only a job nobody else can take at that price goes to the office, and only then is the customer
 * told no other driver is free.
 */
describe('suspending a driver: each job to the next free driver, the office only when nobody is', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const events: { topic: string; event: EventEnvelope }[] = [];
  const staff = () => staffAuth('Sam_Admin', { clock });
  const call = async <T = any>(method: string, p: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const jobOf = async (bookingId: string) =>
    (await svc.infra.store.collection<JobDoc>('driver_jobs').findOne({ _id: bookingId }))!;
  const slotsOf = async (bookingId: string) => {
    const slots = await svc.infra.store
      .collection<{ _id: string; bookingId: string; driverId: string }>('driver_slots')
      .find({ bookingId });
    return [...new Set(slots.map((s) => s.driverId))];
  };
  const of = (topic: string, bookingId: string) =>
    events
      .filter((e) => e.topic === topic && (e.event.data as { bookingId: string }).bookingId === bookingId)
      .map((e) => e.event.data as Record<string, any>);
  const offersOn = async (date: string): Promise<Offer[]> => {
    const quoted = await post(`${svc.url}/api/booking`, { ...complete, date });
    expect(quoted.status).toBe(200);
    return quoted.json.offers;
  };
  const confirm = async (bookingId: string, driverId: string, date: string, totalPricePence: number) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 3000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: 'paid',
      amountPaidPence: totalPricePence,
      outstandingBalancePence: 0,
      totalPricePence,
      customer: { name: 'Cara Customer', email: `cara-${bookingId}@example.com`, phone: '07700900123' },
      driver: { id: driverId, name: 'Suspended Driver', email: 'suspended@example.com', phone: '07700900101' },
      myMovePath: `/mymove/token-${bookingId}`,
      move: completeMove(date),
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
  };

  /** The driver staff suspend: the dearest on every day, so others are free for less. */
  let suspended: Offer;
  /** Per booking, the cheapest other driver free then (who should get it). */
  const nextFree: Record<string, Offer> = {};

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    // Every demo driver can answer online: the hand-on picks only drivers with a portal account.
    await openDemoAccounts(svc, clock);
    for (const topic of [TOPICS.jobOffered, TOPICS.jobReassigned, TOPICS.jobReturned])
      await svc.bus.subscribe('test', topic, async (event) => void events.push({ topic, event }));
    const onDay = await Promise.all(DATES.map(offersOn));
    suspended = onDay[0]!.at(-1)!;
    for (const offers of onDay) {
      expect(offers.length).toBeGreaterThanOrEqual(4);
      expect(offers.map((o) => o.driverId)).toContain(suspended.driverId);
    }
    // Two jobs at their own price (others are free for less); one offered, one accepted.
    const own = (day: number) =>
      Math.round(onDay[day]!.find((o) => o.driverId === suspended.driverId)!.totalPrice * 100);
    await confirm('bk-1', suspended.driverId, DATES[0]!, own(0));
    await confirm('bk-2', suspended.driverId, DATES[1]!, own(1));
    expect(
      (await call('POST', '/api/driver/me/jobs/bk-2/accept', driverAuth(suspended.driverId, { clock }))).status,
    ).toBe(200);
    // The hand-on goes in the offers' order (cheapest in all the customer pays: the driver's own
    // price and the known charges on the day), to the first whose own price is within the booked one.
    const firstWithin = (day: number) =>
      onDay[day]!.find((o) => o.driverId !== suspended.driverId && Math.round(o.totalPrice * 100) <= own(day))!;
    nextFree['bk-1'] = firstWithin(0);
    nextFree['bk-2'] = firstWithin(1);
    // One booked for less than any other driver asks: nobody else is free at that price.
    const cheapestOther = Math.min(
      ...onDay[2]!.filter((o) => o.driverId !== suspended.driverId).map((o) => Math.round(o.totalPrice * 100)),
    );
    await confirm('bk-3', suspended.driverId, DATES[2]!, cheapestOther - 1);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('each job with a cheaper free driver goes to the cheapest of them at once, offered, texted and mailed; the customer is told who', async () => {
    const res = await call('POST', `/api/drivers/admin/${suspended.driverId}/suspend`, staff(), {
      reason: 'Insurance lapsed',
    });
    expect(res.status).toBe(200);
    await svc.bus.idle();

    for (const bookingId of ['bk-1', 'bk-2']) {
      const next = nextFree[bookingId]!;
      expect(of(TOPICS.jobReassigned, bookingId)).toEqual([
        expect.objectContaining({
          previousDriverId: suspended.driverId,
          driver: expect.objectContaining({ id: next.driverId, name: next.driverName }),
          reassignedBy: AUTOMATIC_FALLBACK,
          because: 'suspended',
          customer: { name: 'Cara Customer', email: `cara-${bookingId}@example.com`, phone: '07700900123' },
          myMovePath: `/mymove/token-${bookingId}`,
        }),
      ]);
      expect(of(TOPICS.jobOffered, bookingId).map((o) => o.driver.id)).toEqual([suspended.driverId, next.driverId]);
      expect(of(TOPICS.jobReturned, bookingId)).toEqual([]);
      expect(await jobOf(bookingId)).toMatchObject({
        status: 'offered',
        driverId: next.driverId,
        previousDriverIds: [suspended.driverId],
      });
      // One van for the move: the new driver's time is taken, the suspended driver's given back.
      expect(await slotsOf(bookingId)).toEqual([next.driverId]);
      const theirs = await call<DriverJobsResponse>('GET', '/api/driver/me/jobs', driverAuth(next.driverId, { clock }));
      expect(theirs.body.upcoming.map((j) => [j.bookingId, j.status])).toContainEqual([bookingId, 'offered']);
    }
  });

  it('a job nobody else is free for at the booked price goes to the office, and only that one', async () => {
    expect(of(TOPICS.jobReassigned, 'bk-3')).toEqual([]);
    expect(of(TOPICS.jobReturned, 'bk-3')).toEqual([
      expect.objectContaining({
        because: 'suspended',
        driver: expect.objectContaining({ id: suspended.driverId }),
        customer: { name: 'Cara Customer', email: 'cara-bk-3@example.com', phone: '07700900123' },
      }),
    ]);
    const office = await call<JobView[]>('GET', '/api/drivers/admin/jobs', staff());
    expect(office.body.map((j) => [j.bookingId, j.returnedBecause])).toEqual([['bk-3', 'suspended']]);
    // A suspended driver cannot work it: the job no longer holds their time.
    expect(await slotsOf('bk-3')).toEqual([]);
    expect((await call('GET', `/api/drivers/admin/${suspended.driverId}/upcoming-jobs`, staff())).body).toEqual([]);
  });

  it('suspending again (or the suspension’s own event) moves nothing twice', async () => {
    const before = events.length;
    expect((await call('POST', `/api/drivers/admin/${suspended.driverId}/suspend`, staff(), {})).status).toBe(200);
    await svc.bus.idle();
    expect(events.slice(before)).toEqual([]);
  });
});
