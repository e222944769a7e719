import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOPICS,
  WEEKDAYS,
  type BookingAmended,
  type BookingConfirmed,
  type BookingPostponed,
  type BookingReactivated,
  type DriverJobsResponse,
  type EventEnvelope,
  type JobView,
} from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

const DRIVER = 'drv-ali-hassan';
const customer = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' };
const driver = { id: DRIVER, name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' };
const move = (date: string, totalHour = 3) => ({
  date,
  addresses: [
    { location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 },
    { location: 'London NW6, UK', physicalAddress: '2 B Road', stair: 0 },
  ],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour,
  description: '',
});

/**
 * A change to an accepted job (BookingAmended): inside the driver's hours it stays accepted; outside
 * them the driver is asked to confirm by a deadline after now, the event carries the customer to
 * tell, and an unanswered request lapses as any offer does (the next free driver or the office).
 */
describe('a change to an accepted job: kept inside the driver’s hours, asked again outside', () => {
  const clock = new MovableClock(Date.parse(NOW));
  let svc: Awaited<ReturnType<typeof startQuote>>;
  // Signed in afresh for each call: the test's clock moves past a token's hour.
  const ali = () => driverAuth(DRIVER, { clock });
  const published: Record<string, EventEnvelope[]> = {
    [TOPICS.jobOffered]: [],
    [TOPICS.jobReassigned]: [],
    [TOPICS.jobReturned]: [],
  };
  const call = async <T = any>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...ali(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const job = async (bookingId: string): Promise<JobView | undefined> => {
    const res = await call<DriverJobsResponse>('GET', '/api/driver/me/jobs');
    return [...res.body.upcoming, ...res.body.today, ...res.body.past].find((j) => j.bookingId === bookingId);
  };
  const publish = async <T extends keyof typeof TOPICS>(topic: (typeof TOPICS)[T], data: unknown) => {
    await svc.bus.publish(topic, await createEvent(topic, data as never, { producer: 'booking', clock }));
    await svc.bus.idle();
  };
  const amend = (bookingId: string, before: ReturnType<typeof move>, after: ReturnType<typeof move>) =>
    publish(TOPICS.bookingAmended, {
      bookingId,
      randomNumber: 4242,
      customer,
      driver,
      move: after,
      myMovePath: '/mymove/tok',
      previousMove: before,
      changed: before.date === after.date ? ['hours'] : ['date'],
      totalPricePence: 12000,
      previousTotalPricePence: 10000,
      balancePence: 9000,
      refundPence: 0,
      amendedBy: 'sue',
    } satisfies BookingAmended);

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    for (const topic of Object.keys(published))
      await svc.bus.subscribe('test', topic, async (e) => void published[topic]!.push(e));
    // Ali works 07:00 to 20:00 every day, but not on the 21st.
    const hours = await call('PUT', '/api/driver/me/availability', {
      weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '07:00', to: '20:00' }]])),
      daysOff: ['2026-01-21'],
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('inside the hours the acceptance stands; outside, a new offer asks to confirm by a deadline after now, which lapses like any offer', async () => {
    const first = move('2026-01-20T10:00:00.000Z');
    await publish(TOPICS.bookingConfirmed, {
      bookingId: 'bk-r1',
      randomNumber: 4242,
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      customer,
      driver,
      move: first,
      myMovePath: '/mymove/tok',
    } satisfies BookingConfirmed);
    expect((await call('POST', '/api/driver/me/jobs/bk-r1/accept')).status).toBe(200);
    const offersBefore = published[TOPICS.jobOffered]!.length;

    // Four hours instead of three, the same day: still accepted, nobody asked again.
    const longer = move(first.date, 4);
    await amend('bk-r1', first, longer);
    expect(await job('bk-r1')).toMatchObject({ status: 'accepted', reconfirming: false, move: { totalHour: 4 } });
    expect(published[TOPICS.jobOffered]).toHaveLength(offersBefore);

    // The 21st, Ali's day off: asked to confirm, with a deadline two hours from now.
    const dayOff = move('2026-01-21T10:00:00.000Z', 4);
    await amend('bk-r1', longer, dayOff);
    expect(await job('bk-r1')).toMatchObject({
      status: 'offered',
      reconfirming: true,
      stateText: 'Changed: confirm the new time',
      respondBy: '2026-01-15T10:00:00.000Z',
      customer: null,
    });
    const asked = published[TOPICS.jobOffered]!.at(-1)!;
    expect(asked.data).toMatchObject({
      bookingId: 'bk-r1',
      respondBy: '2026-01-15T10:00:00.000Z',
      reconfirm: {
        customer: { name: customer.name, email: customer.email, phone: customer.phone },
        myMovePath: '/mymove/tok',
      },
    });

    // Changed again while Ali is still to confirm: still a new time to confirm, with its own deadline.
    clock.t = Date.parse('2026-01-15T08:30:00.000Z');
    const later = move('2026-01-21T12:00:00.000Z', 4);
    await amend('bk-r1', dayOff, later);
    expect(await job('bk-r1')).toMatchObject({
      status: 'offered',
      reconfirming: true,
      respondBy: '2026-01-15T10:30:00.000Z',
    });
    expect(published[TOPICS.jobOffered]!.at(-1)!.data).toHaveProperty('reconfirm');

    // Unanswered past the deadline: it goes on like any lapsed offer, and Ali no longer holds it.
    clock.t = Date.parse('2026-01-15T10:31:00.000Z');
    const after = await job('bk-r1');
    expect(after?.status === 'offered' && after.driverId === DRIVER).toBe(false);
    const onward = [...published[TOPICS.jobReassigned]!, ...published[TOPICS.jobReturned]!].filter(
      (e) => (e.data as { bookingId: string }).bookingId === 'bk-r1',
    );
    expect(onward).toHaveLength(1);
    expect(onward[0]!.data).toMatchObject({ customer: { email: customer.email } });
  });

  it('postponed, then a new date inside the driver’s hours: still accepted, nobody asked again', async () => {
    clock.t = Date.parse(NOW);
    const first = move('2026-01-24T10:00:00.000Z');
    const facts = { bookingId: 'bk-r3', randomNumber: 4444, customer, driver, myMovePath: '/mymove/tok3' };
    await publish(TOPICS.bookingConfirmed, {
      ...facts,
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      move: first,
    } satisfies BookingConfirmed);
    expect((await call('POST', '/api/driver/me/jobs/bk-r3/accept')).status).toBe(200);
    await publish(TOPICS.bookingPostponed, {
      ...facts,
      move: first,
      frozenAt: NOW,
      useBy: '2027-01-15T08:00:00.000Z',
    } satisfies BookingPostponed);
    expect(await job('bk-r3')).toMatchObject({ status: 'accepted', bookingState: 'postponed' });
    const offersBefore = published[TOPICS.jobOffered]!.length;
    await publish(TOPICS.bookingReactivated, {
      ...facts,
      move: move('2026-01-26T10:00:00.000Z'),
      previousDate: first.date,
      totalPricePence: 10000,
      previousTotalPricePence: 10000,
      balancePence: 7000,
      refundPence: 0,
    } satisfies BookingReactivated);
    expect(await job('bk-r3')).toMatchObject({
      status: 'accepted',
      bookingState: 'active',
      reconfirming: false,
      move: { date: '2026-01-26T10:00:00.000Z' },
    });
    expect(published[TOPICS.jobOffered]).toHaveLength(offersBefore);
  });

  it('a change to a job not yet answered renews its deadline without asking to "confirm" anything', async () => {
    clock.t = Date.parse(NOW);
    const first = move('2026-01-22T10:00:00.000Z');
    await publish(TOPICS.bookingConfirmed, {
      bookingId: 'bk-r2',
      randomNumber: 4343,
      paymentStatus: '30percentage',
      amountPaidPence: 3000,
      outstandingBalancePence: 7000,
      totalPricePence: 10000,
      customer,
      driver,
      move: first,
      myMovePath: '/mymove/tok2',
    } satisfies BookingConfirmed);
    clock.t = Date.parse('2026-01-15T09:00:00.000Z');
    await amend('bk-r2', first, move('2026-01-23T10:00:00.000Z'));
    expect(await job('bk-r2')).toMatchObject({
      status: 'offered',
      reconfirming: false,
      respondBy: '2026-01-15T11:00:00.000Z',
    });
    expect(published[TOPICS.jobOffered]!.at(-1)!.data).not.toHaveProperty('reconfirm');
  });
});
