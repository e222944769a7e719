import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARNINGS_MSG, TOPICS, type EventEnvelope, type EventPayloads } from '@vanhop/contracts';
import { createEvent, createLogger, type Clock } from '@vanhop/platform';
import { paymentService } from '../src/service.js';
import { startTestStack } from '../../../test/support/service-stack.js';
import { driverAuth as driverAuthAt, staffAuth as staffAuthAt } from '../../../test/support/staff.js';
import { StripeApiServer } from './support/stripe-api-server.js';
import { MovableClock as TestClock } from '../../platform/test/movable-clock.js';

const amy = { id: 'drv-amy', name: 'Amy Driver', email: 'amy@drivers.example', phone: '07700900001' };
const bob = { id: 'drv-bob', name: 'Bob Driver', email: 'bob@drivers.example', phone: '07700900002' };
const customer = { name: 'Cora Customer', email: 'cora@example.com', phone: '07700900100' };
const move = (date: string) => ({
  date,
  addresses: [{ location: 'E1 6AN', physicalAddress: '', stair: 0 }],
  typeofVan: 'Small',
  typeOfWorker: 'Driver',
  totalHour: 2,
  description: '',
});
const WEEK = '2026-11-23';
const DAY = '2026-11-25T09:00:00.000Z';

/** A clock the test moves: events are stamped with it and the service reads it. */

/** Tokens are issued on the clock of the stack the test runs (it moves, so they must too). */
let clockNow: Clock | undefined;
const staffAuth = (username?: string) => staffAuthAt(username, { clock: clockNow });
const driverAuth = (driverId: string) => driverAuthAt(driverId, { clock: clockNow });

/** The payment service alone on its bus: events are published as booking and quote would. */
async function start(env: Record<string, string> = {}) {
  const clock = new TestClock(Date.parse('2026-11-20T09:00:00.000Z'));
  clockNow = clock;
  const stack = await startTestStack({
    name: 'earnings',
    clock,
    logger: createLogger('earnings-test', 'silent'),
    bus: { maxRetries: 1, retryBackoffMs: 5 },
    env: { HOST: '127.0.0.1', ...env },
  });
  const payment = await stack.start(paymentService);
  const published: EventEnvelope[] = [];
  const publish = async <K extends keyof EventPayloads>(topic: K, data: EventPayloads[K], bookingId: string) => {
    const e = await createEvent(topic, data, { producer: 'test', clock });
    published.push(e);
    await stack.bus.publish(topic, e, bookingId);
    await stack.bus.idle();
  };
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${payment.url}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  };
  return { stack, payment, published, publish, call, clock };
}

const confirmed = (bookingId: string, randomNumber: number, total: number, paid: number, driver = amy) => ({
  bookingId,
  randomNumber,
  paymentStatus: '30percentage' as const,
  amountPaidPence: paid,
  outstandingBalancePence: total - paid,
  totalPricePence: total,
  customer,
  driver,
  move: move(DAY),
  myMovePath: `/mymove/t-${bookingId}`,
});
const facts = (bookingId: string, randomNumber: number, driver = amy) => ({
  bookingId,
  randomNumber,
  customer,
  driver,
  move: move(DAY),
  myMovePath: `/mymove/t-${bookingId}`,
});

const doneBy = (
  bookingId: string,
  randomNumber: number,
  driver: { id: string; name: string },
  collected?: { method: 'cash' | 'card' | 'none'; amountPence: number },
) => ({
  bookingId,
  randomNumber,
  step: 'done' as const,
  at: '2026-11-25T12:00:00.000Z',
  driver: { id: driver.id, name: driver.name },
  customer: { name: customer.name, phone: customer.phone },
  ...(collected ? { collected } : {}),
});

/** A week with a cash job, an online balance, a refunded cancellation and a job reassigned away, each event delivered twice. */
async function bookTheWeek(t: Awaited<ReturnType<typeof start>>) {
  await t.publish(TOPICS.bookingConfirmed, confirmed('bk-cash', 5001, 20000, 6000), 'bk-cash');
  await t.publish(TOPICS.bookingConfirmed, confirmed('bk-online', 5002, 10000, 3000), 'bk-online');
  await t.publish(
    TOPICS.balancePaid,
    {
      ...facts('bk-online', 5002),
      amountPence: 7000,
      totalPricePence: 10000,
      provider: 'local',
      providerRef: 'cs_local.balance',
      paidAt: DAY,
      balancePence: 0,
    },
    'bk-online',
  );
  await t.publish(TOPICS.bookingConfirmed, confirmed('bk-refund', 5003, 8000, 8000), 'bk-refund');
  await t.publish(
    TOPICS.bookingCancelled,
    { ...facts('bk-refund', 5003), cancelledAt: '2026-11-20T10:00:00Z', refundPence: 8000, withinCoolingOff: true },
    'bk-refund',
  );
  await t.publish(
    TOPICS.refundIssued,
    {
      refundId: 'rf-1',
      bookingId: 'bk-refund',
      randomNumber: 5003,
      amountPence: 8000,
      reason: 'cooling-off-cancellation',
      provider: 'local',
      providerRefs: ['re_1'],
      customer,
      myMovePath: '/mymove/t',
      issuedAt: '2026-11-20T10:01:00Z',
    },
    'bk-refund',
  );
  await t.publish(TOPICS.bookingConfirmed, confirmed('bk-moved', 5004, 9000, 9000), 'bk-moved');
  await t.publish(
    TOPICS.jobReassigned,
    {
      bookingId: 'bk-moved',
      randomNumber: 5004,
      driver: bob,
      previousDriverId: amy.id,
      customer,
      move: move(DAY),
      driverPricePence: 9000,
      reassignedBy: 'Sam_Admin',
      at: '2026-11-21T10:00:00Z',
    },
    'bk-moved',
  );
  // On the day: the two live jobs are marked done by the drivers who have them.
  await t.publish(TOPICS.jobProgressed, doneBy('bk-cash', 5001, amy), 'bk-cash');
  await t.publish(TOPICS.jobProgressed, doneBy('bk-online', 5002, amy), 'bk-online');
  await t.publish(TOPICS.jobProgressed, doneBy('bk-moved', 5004, bob), 'bk-moved');
  // Every event again, under the same ids (a redelivery) and under new ids (a replay after a crash).
  for (const e of [...t.published]) {
    await t.stack.bus.publish(e.type, e, 'x');
    await t.stack.bus.publish(e.type, { ...e, eventId: `${e.eventId}-again` }, 'x');
  }
  await t.stack.bus.idle();
  // Past the move and every cooling-off period.
  t.clock.set('2026-11-28T12:00:00.000Z');
}

describe('driver earnings over the embedded store (local ledger)', () => {
  let t: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    t = await start();
    await bookTheWeek(t);
  });
  afterAll(() => t?.stack.stop());

  it("the statement adds the week up once, whatever was redelivered; the reassigned job is the new driver's", async () => {
    const res = await t.call('GET', `/api/earnings/admin/drivers/${amy.id}?week=${WEEK}`, staffAuth());
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: { bookingId: string }) => l.bookingId)).toEqual([
      'bk-cash',
      'bk-online',
      'bk-refund',
    ]);
    expect(res.body.totals).toMatchObject({
      depositOnlinePence: 17000,
      balanceOnlinePence: 7000,
      refundedPence: 8000,
      onlineKeptPence: 16000,
      cashPence: 14000,
      commissionPence: 4500,
      netPence: 11500,
    });
    expect(res.body).toMatchObject({ driverName: 'Amy Driver', payablePence: 11500, payoutMode: 'local' });
    const bobs = await t.call('GET', `/api/earnings/admin/drivers/${bob.id}?week=${WEEK}`, staffAuth());
    expect(bobs.body.lines.map((l: { bookingId: string }) => l.bookingId)).toEqual(['bk-moved']);
  });

  it('a driver sees only their own statement, and the CSV downloads with a filename', async () => {
    const own = await t.call('GET', `/api/driver/earnings?week=${WEEK}`, driverAuth(amy.id));
    expect(own.status).toBe(200);
    expect(own.body.driverId).toBe(amy.id);
    expect((await t.call('GET', `/api/earnings/admin/drivers/${amy.id}`, driverAuth(amy.id))).status).toBe(401);
    expect((await t.call('GET', `/api/driver/earnings`, staffAuth())).status).toBe(401);
    const csv = await t.call('GET', `/api/driver/earnings/statement.csv?week=${WEEK}`, driverAuth(amy.id));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename=vanhop-statement-drv-amy-${WEEK}.csv`);
    expect(csv.text.split('\r\n')).toHaveLength(8);
  });

  it('refuses a week that is not a Monday and a bad rate, naming the field', async () => {
    const bad = await t.call('GET', `/api/earnings/admin/drivers/${amy.id}?week=2026-11-24`, staffAuth());
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Week must be a Monday');
    const rate = await t.call('PUT', '/api/earnings/admin/rate', staffAuth(), { ratePercent: 80 });
    expect(rate.status).toBe(400);
    expect(JSON.stringify(rate.body)).toContain('ratePercent');
  });

  it('a new rate applies to jobs confirmed after it, and the change is recorded with who and when', async () => {
    const set = await t.call('PUT', '/api/earnings/admin/rate', staffAuth('Pat_Admin'), { ratePercent: 12.5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      rateBps: 1250,
      changes: [{ rateBps: 1250, by: 'Pat_Admin', at: expect.any(String) }],
    });
    await t.publish(TOPICS.bookingConfirmed, confirmed('bk-later', 5005, 10000, 10000, { ...amy }), 'bk-later');
    const s = (await t.call('GET', `/api/earnings/admin/drivers/${amy.id}?week=${WEEK}`, staffAuth())).body;
    expect(s.lines.find((l: { bookingId: string }) => l.bookingId === 'bk-cash').rateBps).toBe(1500);
    expect(s.lines.find((l: { bookingId: string }) => l.bookingId === 'bk-later')).toMatchObject({
      rateBps: 1250,
      commissionPence: 1250,
    });
  });

  it('pays out once on the local ledger: concurrent clicks, then nothing more is owed', async () => {
    const owed = (await t.call('GET', `/api/earnings/admin/drivers/${amy.id}?week=${WEEK}`, staffAuth())).body
      .payablePence;
    const clicks = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', `/api/earnings/admin/drivers/${amy.id}/payouts`, staffAuth(), { week: WEEK })),
    );
    const ok = clicks.filter((c) => c.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const c of clicks.filter((c) => c.status !== 200)) expect(c.status).toBe(409);
    expect(new Set(ok.map((c) => c.body.id)).size).toBe(1);
    expect(ok[0]!.body).toMatchObject({
      amountPence: owed,
      status: 'paid',
      provider: 'local',
      ref: expect.stringMatching(/^po_local_/),
    });
    expect(await t.payment.infra.store.collection('local_payouts').count({})).toBe(1);
    const after = (await t.call('GET', `/api/earnings/admin/drivers/${amy.id}?week=${WEEK}`, staffAuth())).body;
    // Only the done jobs were paid: the job confirmed later is not done yet and waits, still owed.
    expect(owed).toBe(11500);
    expect(after).toMatchObject({ paidOutPence: owed, balancePence: 8750, payablePence: 0 });
    expect(after.lines.find((l: { bookingId: string }) => l.bookingId === 'bk-later').payout).toMatchObject({
      status: 'waiting',
    });
    expect(after.lines.find((l: { bookingId: string }) => l.bookingId === 'bk-cash').payout).toMatchObject({
      status: 'paid',
      paidOutPence: 3000,
    });
    expect(
      (await t.call('POST', `/api/earnings/admin/drivers/${amy.id}/payouts`, staffAuth(), { week: WEEK })).status,
    ).toBe(409);
  });
});

describe('driver payouts through Stripe Connect (the real SDK against the local Stripe-API server)', () => {
  const SECRET_KEY = 'sk_test_vanhop_connect';
  const stripe = new StripeApiServer(SECRET_KEY);
  let t: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    const { url } = await stripe.start();
    t = await start({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_vanhop_connect',
      STRIPE_API_BASE: url,
    });
    await bookTheWeek(t);
  });
  afterAll(async () => {
    await t?.stack.stop();
    await stripe.stop();
  });

  it('creates the connected account on demand, transfers what is owed once, and a failed transfer is retried under the same key', async () => {
    stripe.failures.push(0, 500, 500, 500); // the account call succeeds; the transfer fails through the SDK's retries
    const failed = await t.call('POST', `/api/earnings/admin/drivers/${amy.id}/payouts`, staffAuth(), { week: WEEK });
    expect(failed.status).toBe(502);
    expect(stripe.accounts.size).toBe(1);
    const account = [...stripe.accounts.values()][0]!;
    expect(account).toMatchObject({ type: 'express', email: amy.email, metadata: { driverId: amy.id } });

    const clicks = await Promise.all(
      [1, 2].map(() => t.call('POST', `/api/earnings/admin/drivers/${amy.id}/payouts`, staffAuth(), { week: WEEK })),
    );
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks[0]!.body).toMatchObject({
      amountPence: 11500,
      provider: 'stripe',
      status: 'paid',
      ref: expect.stringMatching(/^tr_/),
    });
    expect(stripe.transfers.size).toBe(1);
    expect([...stripe.transfers.values()][0]).toMatchObject({
      amount: 11500,
      currency: 'gbp',
      destination: account.id,
    });
    const keys = stripe.createsOf('/v1/transfers').map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`vanhop-payout-${amy.id}-${WEEK}-1`]));
    expect(stripe.createsOf('/v1/accounts')).toHaveLength(1);
    expect(
      (await t.call('POST', `/api/earnings/admin/drivers/${amy.id}/payouts`, staffAuth(), { week: WEEK })).status,
    ).toBe(409);
  });
});

const WEEK_TEXT = '23 Nov to 29 Nov 2026';
const payOut = (t: Awaited<ReturnType<typeof start>>, driverId: string, week: string) =>
  t.call('POST', `/api/earnings/admin/drivers/${driverId}/payouts`, staffAuth(), { week });
const statementOf = async (t: Awaited<ReturnType<typeof start>>, driverId: string, week: string) =>
  (await t.call('GET', `/api/earnings/admin/drivers/${driverId}?week=${week}`, staffAuth())).body;
const refundIssued = (bookingId: string, randomNumber: number, refundId: string, amountPence: number) => ({
  refundId,
  bookingId,
  randomNumber,
  amountPence,
  reason: 'staff-cancellation' as const,
  provider: 'local' as const,
  providerRefs: [`re_${refundId}`],
  customer,
  myMovePath: '/mymove/t',
  issuedAt: '2026-11-30T10:00:00Z',
});

describe('payouts only for work done, past the refund windows; clawbacks after a payout', () => {
  let t: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t?.stack.stop());

  it('a future week is refused, naming it; a move not done, or done inside the cooling-off hour, is not paid out', async () => {
    t.clock.set('2026-11-24T08:00:00.000Z');
    // Paid in full for Wednesday, booked on Tuesday morning.
    await t.publish(TOPICS.bookingConfirmed, confirmed('bk-a', 6001, 20000, 20000), 'bk-a');
    const future = await payOut(t, amy.id, '2026-11-30');
    expect(future.status).toBe(409);
    expect(future.body.message).toBe(EARNINGS_MSG.futureWeek('30 Nov to 6 Dec 2026'));

    const notDone = await payOut(t, amy.id, WEEK);
    expect(notDone.status).toBe(409);
    expect(notDone.body.message).toBe(EARNINGS_MSG.nothingPayableYet(WEEK_TEXT));
    const s = await statementOf(t, amy.id, WEEK);
    expect(s.weekText).toBe(WEEK_TEXT);
    expect(s.lines[0].payout).toMatchObject({ status: 'waiting', text: expect.stringMatching(/^Not done yet/) });
    expect(s.payablePence).toBe(0);

    // Done a few minutes after booking: still inside the customer's cooling-off hour.
    await t.publish(
      TOPICS.jobProgressed,
      { ...doneBy('bk-a', 6001, amy, { method: 'none', amountPence: 0 }), at: '2026-11-24T08:10:00.000Z' },
      'bk-a',
    );
    t.clock.set('2026-11-24T08:30:00.000Z');
    expect((await payOut(t, amy.id, WEEK)).body.message).toBe(EARNINGS_MSG.nothingPayableYet(WEEK_TEXT));
    expect((await statementOf(t, amy.id, WEEK)).lines[0].payout.text).toMatch(/cooling-off/);

    t.clock.set('2026-11-24T09:01:00.000Z');
    const paid = await payOut(t, amy.id, WEEK);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amountPence: 17000, weekText: WEEK_TEXT });
  });

  it('a refund after the payout is a clawback line on the next statement, taken from the next payout', async () => {
    t.clock.set('2026-11-30T10:00:00.000Z');
    await t.publish(TOPICS.refundIssued, refundIssued('bk-a', 6001, 'rf-goodwill', 5000), 'bk-a');
    // The week paid out stays settled; the next one carries the clawback (85 % of the £50 given back).
    const own = await statementOf(t, amy.id, WEEK);
    expect(own).toMatchObject({ balancePence: 0, payablePence: 0, clawbacks: [] });
    const next = await statementOf(t, amy.id, '2026-11-30');
    expect(next.clawbacks).toEqual([
      expect.objectContaining({
        bookingId: 'bk-a',
        reason: 'refunded',
        amountPence: 4250,
        status: 'outstanding',
        text: 'Clawback: booking 6001 was refunded after it was paid out',
      }),
    ]);
    expect(next).toMatchObject({ balancePence: -4250, payablePence: 0 });

    // A job done in that next week pays out less the clawback, once.
    await t.publish(
      TOPICS.bookingConfirmed,
      { ...confirmed('bk-b', 6002, 10000, 10000), move: move('2026-12-01T09:00:00.000Z') },
      'bk-b',
    );
    await t.publish(
      TOPICS.jobProgressed,
      { ...doneBy('bk-b', 6002, amy, { method: 'none', amountPence: 0 }), at: '2026-12-01T12:00:00.000Z' },
      'bk-b',
    );
    t.clock.set('2026-12-01T13:00:00.000Z');
    const paid = await payOut(t, amy.id, '2026-11-30');
    expect(paid.status).toBe(200);
    expect(paid.body.amountPence).toBe(8500 - 4250);
    const after = await statementOf(t, amy.id, '2026-11-30');
    expect(after.clawbacks).toEqual([
      expect.objectContaining({ bookingId: 'bk-a', status: 'recovered', amountPence: 4250, payoutId: paid.body.id }),
    ]);
    expect(after).toMatchObject({ balancePence: 0, payablePence: 0 });
  });

  it('a job returned to the office leaves the driver; one moved after its payout is clawed back', async () => {
    t.clock.set('2026-12-07T08:00:00.000Z');
    const WEEK3 = '2026-12-07';
    const at = (d: string) => ({ ...move(d) });
    await t.publish(
      TOPICS.bookingConfirmed,
      { ...confirmed('bk-c', 6003, 10000, 10000), move: at('2026-12-10T09:00:00.000Z') },
      'bk-c',
    );
    await t.publish(
      TOPICS.jobReturned,
      {
        bookingId: 'bk-c',
        randomNumber: 6003,
        driver: amy,
        move: at('2026-12-10T09:00:00.000Z'),
        because: 'declined',
        at: '2026-12-07T08:05:00.000Z',
      },
      'bk-c',
    );
    expect((await statementOf(t, amy.id, WEEK3)).lines).toEqual([]);

    // Amy's week of 30 Nov was paid; bk-b then goes to Bob (an office correction): clawed back from Amy.
    await t.publish(
      TOPICS.jobReassigned,
      {
        bookingId: 'bk-b',
        randomNumber: 6002,
        driver: bob,
        previousDriverId: amy.id,
        customer,
        move: at('2026-12-01T09:00:00.000Z'),
        driverPricePence: 10000,
        reassignedBy: 'Sam_Admin',
        at: '2026-12-07T09:00:00.000Z',
      },
      'bk-b',
    );
    const amys = await statementOf(t, amy.id, WEEK3);
    expect(amys.clawbacks).toEqual([
      expect.objectContaining({ bookingId: 'bk-b', reason: 'moved', amountPence: 8500, status: 'outstanding' }),
    ]);
    expect(amys.balancePence).toBe(-8500);
    expect((await statementOf(t, bob.id, '2026-11-30')).lines.map((l: { bookingId: string }) => l.bookingId)).toEqual([
      'bk-b',
    ]);
  });

  it('a reassignment whose difference the office agreed to bear pays the driver the agreed price', async () => {
    t.clock.set('2026-12-07T10:00:00.000Z');
    await t.publish(
      TOPICS.bookingConfirmed,
      { ...confirmed('bk-d', 6004, 15596, 15596), move: move('2026-12-09T09:00:00.000Z') },
      'bk-d',
    );
    await t.publish(
      TOPICS.jobReassigned,
      {
        bookingId: 'bk-d',
        randomNumber: 6004,
        driver: bob,
        previousDriverId: amy.id,
        customer,
        move: move('2026-12-09T09:00:00.000Z'),
        driverPricePence: 16106,
        officeBearsPence: 510,
        reassignedBy: 'Sam_Admin',
        at: '2026-12-07T10:05:00.000Z',
      },
      'bk-d',
    );
    const line = (await statementOf(t, bob.id, '2026-12-07')).lines.find(
      (l: { bookingId: string }) => l.bookingId === 'bk-d',
    );
    // £161.06 agreed: the driver's line is priced at it, commission on it, and the office pays the £5.10.
    expect(line).toMatchObject({
      pricePence: 16106,
      officeBearsPence: 510,
      onlineKeptPence: 15596,
      commissionPence: 2416,
      netPence: 16106 - 2416,
    });
  });

  it('cash collected on the day stays in the driver’s hands: a balance paid online after it and refunded changes nothing', async () => {
    t.clock.set('2026-12-07T11:00:00.000Z');
    await t.publish(
      TOPICS.bookingConfirmed,
      { ...confirmed('bk-e', 6005, 14725, 4422), move: move('2026-12-08T09:00:00.000Z') },
      'bk-e',
    );
    await t.publish(
      TOPICS.jobProgressed,
      { ...doneBy('bk-e', 6005, amy, { method: 'cash', amountPence: 10303 }), at: '2026-12-08T12:00:00.000Z' },
      'bk-e',
    );
    const before = (await statementOf(t, amy.id, '2026-12-07')).lines.find(
      (l: { bookingId: string }) => l.bookingId === 'bk-e',
    );
    expect(before).toMatchObject({ cashPence: 10303, collectedOnDay: 'cash', onlineKeptPence: 4422 });
    // The customer pays the same balance online anyway; booking refunds it as not needed.
    await t.publish(
      TOPICS.balancePaid,
      {
        ...facts('bk-e', 6005),
        amountPence: 10303,
        totalPricePence: 14725,
        provider: 'local',
        providerRef: 'cs_local.late',
        paidAt: '2026-12-08T13:00:00.000Z',
        balancePence: 0,
      },
      'bk-e',
    );
    await t.publish(
      TOPICS.refundIssued,
      { ...refundIssued('bk-e', 6005, 'rf-over', 10303), reason: 'overpayment' as const },
      'bk-e',
    );
    const after = (await statementOf(t, amy.id, '2026-12-07')).lines.find(
      (l: { bookingId: string }) => l.bookingId === 'bk-e',
    );
    expect(after).toMatchObject({
      cashPence: 10303,
      netPence: before.netPence,
      commissionPence: before.commissionPence,
    });
  });
});
