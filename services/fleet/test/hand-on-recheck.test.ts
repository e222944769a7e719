import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTOMATIC_FALLBACK,
  HOUSE_CARD,
  REASSIGN_MSG,
  TOPICS,
  type BookingConfirmed,
  type EventEnvelope,
  type JobCandidate,
  type PriceCard,
} from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { complete, completeMove, NOW, openPortalAccounts, post, startQuote } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

/**
 * Pricing ranks the drivers from its own copy of the supply side, which may lag the drivers as
 * stored by an event. Before a job is handed to a ranked driver the drivers are read again: one
 * suspended meanwhile is skipped by the hand-on and refused to staff, however cheap pricing says
 * they are.
 */
describe('a ranked driver is re-checked against the drivers as stored before the job is handed on', () => {
  const clock = new MovableClock(Date.parse(NOW));
  const staff = () => staffAuth('Sam_Admin', { clock });
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const reassigned: EventEnvelope[] = [];
  const ids = { cheapest: '', next: '', booked: '' };
  const api = async <T = any>(method: string, p: string, headers: Record<string, string> = {}, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const card = (pence: number): PriceCard => ({
    ...HOUSE_CARD,
    vanPerHourPence: { ...HOUSE_CARD.vanPerHourPence, Large: HOUSE_CARD.vanPerHourPence.Large + pence },
  });
  const addDriver = async (name: string, email: string, driverCard: PriceCard) => {
    const res = await api<{ id: string }>('POST', '/api/drivers/admin', staff(), {
      name,
      email,
      phone: '07700900555',
      vanSizes: ['Large'],
      helpLevels: ['Driver-Help'],
      basePostcode: 'NW6',
      serviceRadiusMiles: 12,
      card: driverCard,
      ulezCompliant: true,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const confirm = async (bookingId: string, randomNumber: number, date: string) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber,
      paymentStatus: 'paid',
      amountPaidPence: 50_000,
      outstandingBalancePence: 0,
      totalPricePence: 50_000,
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      driver: { id: ids.booked, name: 'Bea Booked', email: 'bea@drivers.example', phone: '07700900555' },
      myMovePath: `/mymove/token-${bookingId}`,
      move: completeMove(date),
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
  };
  /**
   * Suspends a driver in the fleet's store alone, with no driver.card-changed event: quote's read
   * model, fed only by those events, still has them active (as when their event is on its way).
   */
  const suspendBehindPricingsBack = (driverId: string) =>
    svc.infra.store.collection('drivers').updateOne({ _id: driverId }, { $set: { active: false } });

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'false', JOB_RESPONSE_MINUTES: '120' }, clock);
    await svc.bus.subscribe('test', TOPICS.jobReassigned, async (e) => void reassigned.push(e));
    ids.cheapest = await addDriver('Cleo Cheapest', 'cleo@drivers.example', card(-300));
    ids.next = await addDriver('Nia Next', 'nia@drivers.example', card(0));
    ids.booked = await addDriver('Bea Booked', 'bea@drivers.example', card(500));
    await openPortalAccounts(svc, Object.values(ids), clock);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('the hand-on after a decline skips a driver pricing still ranks first but who is suspended', async () => {
    // The premise: pricing puts Cleo first.
    const quoted = await post(`${svc.url}/api/booking`, complete);
    expect((quoted.json.offers as { driverId: string }[])[0]!.driverId).toBe(ids.cheapest);
    await confirm('bk-1', 7001, completeMove().date);

    await suspendBehindPricingsBack(ids.cheapest);
    const ranked = await api<JobCandidate[]>('GET', '/api/drivers/admin/jobs/bk-1/candidates', staff());
    expect(ranked.body.map((c) => c.driverId)).toEqual([ids.cheapest, ids.next]);

    const declined = await api('POST', '/api/driver/me/jobs/bk-1/decline', driverAuth(ids.booked, { clock }));
    expect(declined.status).toBe(200);
    await svc.bus.idle();
    expect(reassigned.map((e) => e.data)).toEqual([
      expect.objectContaining({
        previousDriverId: ids.booked,
        driver: expect.objectContaining({ id: ids.next }),
        reassignedBy: AUTOMATIC_FALLBACK,
        because: 'declined',
      }),
    ]);
  });

  it('staff giving a job to a driver pricing still ranks but who is suspended are told the driver is not free', async () => {
    await confirm('bk-2', 7002, new Date(Date.parse(completeMove().date) + 86_400_000).toISOString());
    const given = await api<{ message: string }>('POST', '/api/drivers/admin/jobs/bk-2/reassign', staff(), {
      driverId: ids.cheapest,
    });
    expect(given.status).toBe(409);
    expect(given.body.message).toBe(REASSIGN_MSG.notFree);
  });
});
