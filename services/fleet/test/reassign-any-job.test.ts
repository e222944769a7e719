import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REASSIGN_MSG,
  TOPICS,
  type BookingConfirmed,
  type EventEnvelope,
  type JobCandidate,
  type JobView,
} from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { complete, MOVE_DATE, NOW, openPortalAccounts, post, startQuote, completeMove } from './support.js';
import { MovableClock } from '../../platform/test/movable-clock.js';

/**
 * The dispatch board: staff give any live job to another free driver (not only one back with the
 * office); a driver without a portal account is marked and needs staff's confirmation, and the
 * automatic hand-on never picks one.
 */
describe('reassigning any job (quote: staff dispatch, portal accounts)', () => {
  const clock = new MovableClock(Date.parse(NOW));
  let svc: Awaited<ReturnType<typeof startQuote>>;
  let offers: { driverId: string; driverName: string; totalPrice: number }[] = [];
  const reassigned: EventEnvelope[] = [];
  const staff = () => staffAuth('Sam_Admin', { clock });
  const call = async <T = any>(method: string, p: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const slotsOf = async (bookingId: string) => {
    const slots = await svc.infra.store
      .collection<{ _id: string; bookingId: string; driverId: string }>('driver_slots')
      .find({ bookingId });
    return [...new Set(slots.map((s) => s.driverId))];
  };
  const confirm = async (bookingId: string, driverId: string, totalPricePence: number) => {
    const data: BookingConfirmed = {
      bookingId,
      randomNumber: 7000 + Number(bookingId.replace(/\D/g, '')),
      paymentStatus: 'paid',
      amountPaidPence: totalPricePence,
      outstandingBalancePence: 0,
      totalPricePence,
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      driver: { id: driverId, name: 'First Driver', email: 'first@example.com', phone: '07700900101' },
      myMovePath: `/mymove/token-${bookingId}`,
      move: completeMove(),
    };
    await svc.bus.publish(
      TOPICS.bookingConfirmed,
      await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
    );
    await svc.bus.idle();
  };

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true', JOB_RESPONSE_MINUTES: '120' }, clock);
    await svc.bus.subscribe('test', TOPICS.jobReassigned, async (e) => void reassigned.push(e));
    const quoted = await post(`${svc.url}/api/booking`, complete);
    offers = quoted.json.offers;
    expect(offers.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('a decline skips drivers without a portal account: with none, the job goes to the office', async () => {
    const booked = offers[2]!;
    await confirm('bk-1', booked.driverId, Math.round(booked.totalPrice * 100));
    expect(
      (await call('POST', '/api/driver/me/jobs/bk-1/decline', driverAuth(booked.driverId, { clock }))).status,
    ).toBe(200);
    await svc.bus.idle();
    expect(reassigned).toEqual([]);
    const back = await call<JobView[]>('GET', '/api/drivers/admin/jobs', staff());
    expect(back.body.map((j) => [j.bookingId, j.returnedBecause])).toEqual([['bk-1', 'declined']]);
  });

  it('the picker marks drivers without an account, and giving them a job needs an explicit confirmation', async () => {
    const cheapest = offers[0]!;
    const listed = await call<JobCandidate[]>('GET', '/api/drivers/admin/jobs/bk-1/candidates', staff());
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((c) => c.portalAccount === false)).toBe(true);

    const refused = await call<{ message: string }>('POST', '/api/drivers/admin/jobs/bk-1/reassign', staff(), {
      driverId: cheapest.driverId,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(REASSIGN_MSG.noAccount(cheapest.driverName));

    await openPortalAccounts(svc, [cheapest.driverId], clock);
    const again = await call<JobCandidate[]>('GET', '/api/drivers/admin/jobs/bk-1/candidates', staff());
    expect(again.body.find((c) => c.driverId === cheapest.driverId)?.portalAccount).toBe(true);
    expect(again.body.filter((c) => c.driverId !== cheapest.driverId).every((c) => !c.portalAccount)).toBe(true);
  });

  it('staff give an accepted job to another free driver: the previous driver is told and their time freed', async () => {
    const [cheapest, second] = [offers[0]!, offers[1]!];
    const given = await call<JobView>('POST', '/api/drivers/admin/jobs/bk-1/reassign', staff(), {
      driverId: cheapest.driverId,
    });
    expect(given.status).toBe(200);
    expect(
      (await call('POST', '/api/driver/me/jobs/bk-1/accept', driverAuth(cheapest.driverId, { clock }))).status,
    ).toBe(200);

    // Before: only a job back with the office could be reassigned (409). The customer's price fell to
    // the cheapest driver's when the job went to them, so the dearer second driver costs the office
    // the difference, which staff confirm.
    const moved = await call<JobView>('POST', '/api/drivers/admin/jobs/bk-1/reassign', staff(), {
      driverId: second.driverId,
      confirmNoAccount: true,
      acceptDifference: true,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ driverId: second.driverId, status: 'offered' });
    await svc.bus.idle();
    expect(await slotsOf('bk-1')).toEqual([second.driverId]);
    const last = reassigned.at(-1)!.data as Record<string, any>;
    expect(last).toMatchObject({
      previousDriverId: cheapest.driverId,
      previousDriver: { had: 'accepted', email: expect.any(String) },
      driver: { id: second.driverId },
      customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
      reassignedBy: 'Sam_Admin',
    });
    const theirs = await call<{ upcoming: JobView[] }>(
      'GET',
      '/api/driver/me/jobs',
      driverAuth(cheapest.driverId, { clock }),
    );
    expect(theirs.body.upcoming).toEqual([]);
  });

  it('an offered job can be reassigned too, never once the move has started', async () => {
    const third = offers[3]!;
    const moved = await call<JobView>('POST', '/api/drivers/admin/jobs/bk-1/reassign', staff(), {
      driverId: third.driverId,
      confirmNoAccount: true,
      acceptDifference: true,
    });
    expect(moved.status).toBe(200);
    await svc.bus.idle();
    expect((reassigned.at(-1)!.data as Record<string, any>).previousDriver).toMatchObject({ had: 'offered' });

    clock.t = Date.parse(MOVE_DATE) + 60_000;
    const late = await call<{ message: string }>('POST', '/api/drivers/admin/jobs/bk-1/reassign', staff(), {
      driverId: offers[0]!.driverId,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(REASSIGN_MSG.started);
  });

  it('a staff cancellation reads as the office’s in the driver’s job list, not the customer’s', async () => {
    const driverId = offers[3]!.driverId;
    await svc.bus.publish(
      TOPICS.bookingCancelled,
      await createEvent(
        TOPICS.bookingCancelled,
        {
          bookingId: 'bk-1',
          randomNumber: 7001,
          customer: { name: 'Cara Customer', email: 'cara@example.com', phone: '07700900123' },
          myMovePath: '/mymove/token-bk-1',
          driver: null,
          move: completeMove(MOVE_DATE, ''),
          cancelledAt: clock.now().toISOString(),
          refundPence: 5850,
          withinCoolingOff: false,
          cancelledBy: 'staff',
          reason: 'Driver unwell',
          staffUsername: 'Sam_Admin',
        },
        { producer: 'booking', clock },
      ),
    );
    await svc.bus.idle();
    const lists = (await call<Record<string, JobView[]>>('GET', '/api/driver/me/jobs', driverAuth(driverId, { clock })))
      .body;
    const job = [...lists.upcoming!, ...lists.today!, ...lists.past!].find((j) => j.bookingId === 'bk-1');
    expect(job?.stateText).toBe('Cancelled by the office: £58.50 refunded');
  });
});
