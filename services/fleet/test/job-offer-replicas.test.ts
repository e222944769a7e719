import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingConfirmed, type EventEnvelope } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import type { JobDoc } from '../src/domain/ports.js';
import { pausableReplica } from './replica-store.js';
import { complete, NOW, openDemoAccounts, post, startQuote } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

const ENV = { SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' };
/** Past the first offer's deadline (120 minutes), still before every move. */
const LAPSED = Date.parse(NOW) + 121 * 60_000;
/** Booked well above every driver's price: any free driver may take the job on. */
const BOOKED_PENCE = 200_000;

/**
 * Two replicas of the quote service over one store: one replica reads an offer, the other hands it
 * on to the next driver, then the first acts on what it read. Whatever it does then (lapse the offer
 * in its own sweep, or record the first driver's late answer), the next driver's fresh offer stands,
 * and everyone is told once.
 */
describe('two replicas answering one job offer at once', () => {
  const clock = new MovableClock(Date.parse(NOW));
  let a: Awaited<ReturnType<typeof startQuote>>;
  let b: Awaited<ReturnType<typeof pausableReplica>>;
  const events: { topic: string; event: EventEnvelope }[] = [];
  const staff = () => staffAuth('Sam_Admin', { clock });

  const call = async (url: string, method: string, p: string, headers: Record<string, string>) => {
    const res = await fetch(`${url}${p}`, { method, headers });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
  };
  const jobOf = async (bookingId: string) =>
    (await a.infra.store.collection<JobDoc>('driver_jobs').findOne({ _id: bookingId }))!;
  const slotsOf = async (bookingId: string) => {
    const slots = await a.infra.store
      .collection<{ _id: string; bookingId: string; driverId: string }>('driver_slots')
      .find({ bookingId });
    return [...new Set(slots.map((s) => s.driverId))];
  };
  /** Each event once, however often a relay delivered it (consumers deduplicate on the event id). */
  const of = (topic: string, bookingId: string) => [
    ...new Map(
      events
        .filter((e) => e.topic === topic && (e.event.data as { bookingId: string }).bookingId === bookingId)
        .map((e) => [e.event.eventId, e.event.data as Record<string, any>]),
    ).values(),
  ];
  /** Waits for the job's outbox to be delivered (by either replica's relay) and consumed. */
  const settled = async (bookingId: string) => {
    for (let i = 0; i < 500 && ((await jobOf(bookingId)).outbox ?? []).length > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect((await jobOf(bookingId)).outbox ?? []).toEqual([]);
    await a.bus.idle();
  };

  /** A paid booking of `complete` on `date`, confirmed for `driverId` (offered to them now). */
  const confirm = async (bookingId: string, driverId: string, date: string) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 7000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: 'paid',
      amountPaidPence: BOOKED_PENCE,
      outstandingBalancePence: 0,
      totalPricePence: BOOKED_PENCE,
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      driver: { id: driverId, name: 'First Driver', email: 'first@example.com', phone: '07700900101' },
      myMovePath: `/mymove/token-${bookingId}`,
      move: {
        date,
        addresses: complete.addresses.map((x) => ({
          location: x.location,
          physicalAddress: x.physicalAddress,
          stair: x.stair as number,
        })),
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        description: complete.description,
      },
    };
    await a.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await a.bus.idle();
    expect((await jobOf(bookingId)).status).toBe('offered');
  };
  /** The dearest driver offered for `complete` on `date`: cheaper ones are free to take the job on. */
  const dearestOn = async (date: string): Promise<string> => {
    const quoted = await post(`${a.url}/api/booking`, { ...complete, date });
    expect(quoted.status).toBe(200);
    expect(quoted.json.offers.length).toBeGreaterThanOrEqual(3);
    return quoted.json.offers.at(-1).driverId;
  };

  beforeAll(async () => {
    a = await startQuote({ ...TEST_JWT_ENV, ...ENV }, clock);
    b = await pausableReplica(a, ENV);
    // Every demo driver can answer online: the hand-on picks only drivers with a portal account.
    await openDemoAccounts(a, clock);
    for (const topic of [TOPICS.jobOffered, TOPICS.jobReassigned, TOPICS.jobReturned, TOPICS.jobAccepted])
      await a.bus.subscribe('test', topic, async (event) => void events.push({ topic, event }));
  });
  afterAll(async () => {
    await b?.stop();
    await a?.cleanup();
  });

  it('two sweeps at once: the next driver’s fresh offer is never returned to the office as expired, and each mail goes once', async () => {
    clock.t = Date.parse(NOW);
    const first = await dearestOn('2026-01-20T10:00:00.000Z');
    await confirm('bk-1', first, '2026-01-20T10:00:00.000Z');
    clock.t = LAPSED;

    // Replica B's sweep reads the lapsed offer, then waits while replica A's sweep hands it on.
    const bRead = b.pause.after('driver_jobs', 'find', (f) => f.status === 'offered');
    const bSweep = call(b.url, 'GET', '/api/drivers/admin/jobs', staff());
    await bRead;
    expect((await call(a.url, 'GET', '/api/drivers/admin/jobs', staff())).status).toBe(200);
    const handedOn = await jobOf('bk-1');
    expect(handedOn).toMatchObject({ status: 'offered', previousDriverIds: [first] });
    const next = handedOn.driverId;
    expect(next).not.toBe(first);

    b.pause.resume();
    expect((await bSweep).status).toBe(200);
    await settled('bk-1');

    // The next driver's offer stands, with its own deadline, and their time is held for it.
    expect(await jobOf('bk-1')).toMatchObject({
      status: 'offered',
      driverId: next,
      respondBy: handedOn.respondBy,
      returnedBecause: null,
    });
    expect(await slotsOf('bk-1')).toEqual([next]);
    const theirs = await call(a.url, 'GET', '/api/driver/me/jobs', driverAuth(next, { clock }));
    expect(theirs.body.upcoming.map((j: any) => [j.bookingId, j.status])).toEqual([['bk-1', 'offered']]);
    // Told once each: the next driver's offer, the customer's new driver; the office nothing.
    expect(of(TOPICS.jobReturned, 'bk-1')).toEqual([]);
    expect(of(TOPICS.jobReassigned, 'bk-1').map((r) => [r.previousDriverId, r.driver.id, r.because])).toEqual([
      [first, next, 'expired'],
    ]);
    expect(of(TOPICS.jobOffered, 'bk-1').map((o) => o.driver.id)).toEqual([first, next]);
  });

  it('two sweeps handing the offer to the same driver at once: the one that loses leaves that driver’s time held', async () => {
    clock.t = Date.parse(NOW);
    const date = '2026-01-23T10:00:00.000Z';
    const first = await dearestOn(date);
    await confirm('bk-4', first, date);
    clock.t = LAPSED;

    // Replica B's sweep has quote rank who is free and reads the cheapest of them again, then waits
    // while replica A's sweep hands the offer on to that driver; B then holds their time (the same
    // booking's hold, so nothing new), and its write loses.
    const bRead = b.pause.after('drivers', 'findOne', (f) => typeof f._id === 'string');
    const bSweep = call(b.url, 'GET', '/api/drivers/admin/jobs', staff());
    await bRead;
    expect((await call(a.url, 'GET', '/api/drivers/admin/jobs', staff())).status).toBe(200);
    const next = (await jobOf('bk-4')).driverId;
    expect(next).not.toBe(first);
    expect(await slotsOf('bk-4')).toEqual([next]);

    b.pause.resume();
    expect((await bSweep).status).toBe(200);
    await settled('bk-4');
    expect(await jobOf('bk-4')).toMatchObject({ status: 'offered', driverId: next });
    expect(await slotsOf('bk-4')).toEqual([next]);
    expect(of(TOPICS.jobReassigned, 'bk-4').map((r) => r.driver.id)).toEqual([next]);
    expect(of(TOPICS.jobReturned, 'bk-4')).toEqual([]);
  });

  for (const answer of ['accept', 'decline'] as const) {
    it(`a late ${answer} read before another replica handed the offer on is refused, and the next driver’s offer stands`, async () => {
      const date = answer === 'accept' ? '2026-01-21T10:00:00.000Z' : '2026-01-22T10:00:00.000Z';
      const bookingId = answer === 'accept' ? 'bk-2' : 'bk-3';
      clock.t = Date.parse(NOW);
      const first = await dearestOn(date);
      await confirm(bookingId, first, date);

      // The first driver answers on replica B just in time; B reads the job, then waits.
      const bRead = b.pause.after('driver_jobs', 'findOne', (f) => f._id === bookingId);
      const late = call(b.url, 'POST', `/api/driver/me/jobs/${bookingId}/${answer}`, driverAuth(first, { clock }));
      await bRead;
      // Meanwhile the deadline passes and replica A's sweep hands the job on.
      clock.t = LAPSED;
      expect((await call(a.url, 'GET', '/api/drivers/admin/jobs', staff())).status).toBe(200);
      const handedOn = await jobOf(bookingId);
      expect(handedOn.driverId).not.toBe(first);

      b.pause.resume();
      expect((await late).status).toBe(409);
      await settled(bookingId);

      expect(await jobOf(bookingId)).toMatchObject({
        status: 'offered',
        driverId: handedOn.driverId,
        respondBy: handedOn.respondBy,
        respondedAt: null,
      });
      expect(await slotsOf(bookingId)).toEqual([handedOn.driverId]);
      expect(of(TOPICS.jobAccepted, bookingId)).toEqual([]);
      expect(of(TOPICS.jobReturned, bookingId)).toEqual([]);
      expect(of(TOPICS.jobReassigned, bookingId).map((r) => r.driver.id)).toEqual([handedOn.driverId]);
    });
  }
});
