import { describe, expect, it } from 'vitest';
import {
  DRIVER_NOT_FREE_FOR_CHANGE,
  TOPICS,
  type BookingAmendment,
  type BookingRecord,
  type MyMoveView,
} from '@vanhop/contracts';
import { apiClient, type ApiOptions } from '../../../test/support/gateway-api.js';
import { staffAuth } from '../../../test/support/staff.js';
import { HOUR, MOVE_DATE, PAID_AT, useLifecycleServices, type Booked } from './lifecycle-support.js';

/**
 * A change to a booked move (a staff amendment, the customer's new date after a
 * postponement) checks the driver's time like a new quote and is priced at the rates that were
 * booked, through the real quote service: its 409 leaves the booking as it was.
 */
type Amended = BookingRecord & { amendment: BookingAmendment; message?: string };
type Driver = {
  _id: string;
  version: number;
  card: {
    vanPerHourPence: Record<string, number>;
    helpersPerHourPence: Record<string, number>;
    stairPerFlightPerHourPence: Record<string, number>;
  };
};

/** 14:00 UTC on the move's day: after the first booking's 10:00 to 13:00. */
const AFTERNOON = '2026-01-20T14:00:00.000Z';

describe('changes to a booked move follow the driver’s time and the booked rates', () => {
  const s = useLifecycleServices();
  const { clock, api, stored, settle, of, bookAndPay } = s;
  const staff = (): ApiOptions => ({ headers: staffAuth('Sam_Admin', { clock }) });
  const amend = (b: Pick<Booked, 'id'>, body: unknown) =>
    api<Amended>('POST', `/api/backdata/amend/${b.id}`, body, staff());
  const quoteApi = apiClient(() => s.quoteUrl());

  /** Two paid bookings of one driver on one day: 10:00 to 13:00 and 14:00 to 16:00. */
  /**
   * Two jobs of one driver on one day; the tests share the services, so each takes a day of its own
   * (`dayShift` days after the 20th) and no earlier test's bookings take the driver's time.
   */
  async function twoJobsOfOneDriver(dayShift = 0): Promise<{ morning: Booked; afternoon: Booked; driverId: string }> {
    const at = (iso: string) => new Date(Date.parse(iso) + dayShift * 24 * HOUR).toISOString();
    const morning = await bookAndPay(30, at(MOVE_DATE), { email: 'morning@example.com' });
    await settle();
    const driverId = (await stored(morning.id)).driver!.id;
    // The cheapest driver is free at 14:00 after a 10:00 to 13:00 job: the afternoon is theirs too.
    const afternoon = await bookAndPay(30, at(AFTERNOON), { email: 'afternoon@example.com', hour: 2 });
    await settle();
    expect((await stored(afternoon.id)).driver!.id).toBe(driverId);
    return { morning, afternoon, driverId };
  }

  it('staff moving a booking onto its driver’s other job get 409 and nothing changes; a change that fits is saved', async () => {
    const { morning } = await twoJobsOfOneDriver();
    clock.set(PAID_AT + 2 * HOUR);
    const before = await stored(morning.id);

    for (const body of [{ hour: '05hr:00Min' }, { date: AFTERNOON }, { date: '2026-01-20T12:00:00.000Z' }]) {
      const res = await amend(morning, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.message).toBe(DRIVER_NOT_FREE_FOR_CHANGE);
    }
    await settle();
    const after = await stored(morning.id);
    expect(after.quote).toEqual(before.quote);
    expect(after.history).toEqual(before.history);
    expect(of(TOPICS.bookingAmended)).toEqual([]);

    // Half an hour more still ends before the afternoon job: saved, at the same driver.
    const fits = await amend(morning, { hour: '03hr:30Min' });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.quote).toMatchObject({ totalHour: 3.5, driverId: before.driver!.id });
  });

  it('a postponed booking’s new date on its driver’s other job is refused (409) and it stays postponed', async () => {
    const { morning } = await twoJobsOfOneDriver(1);
    const postponed = await api<MyMoveView>('POST', `${morning.path}/postpone`, { confirm: true });
    expect(postponed.status, JSON.stringify(postponed.body)).toBe(200);
    await settle();

    const res = await api<{ message: string }>('POST', `${morning.path}/reactivate`, {
      date: '2026-01-21T14:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(DRIVER_NOT_FREE_FOR_CHANGE);
    expect((await stored(morning.id)).state).toBe('frozen');

    const free = await api<MyMoveView>('POST', `${morning.path}/reactivate`, { date: '2026-01-22T10:00:00.000Z' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body.state).toBe('active');
  });

  it('half an hour more after the driver raised their rates is priced at the booked rates, not the new ones', async () => {
    const b = await bookAndPay(30);
    await settle();
    const record = await stored(b.id);
    const driverId = record.driver!.id;
    const path = `/api/drivers/admin/${driverId}`;
    const driver = (await quoteApi<Driver>('GET', path, undefined, staff())).body;
    const booked = driver.card;

    // The driver's van now costs 50 % more an hour.
    const raised = {
      ...booked,
      vanPerHourPence: { ...booked.vanPerHourPence, Large: Math.round(booked.vanPerHourPence.Large! * 1.5) },
    };
    const patched = await quoteApi('PATCH', path, { version: driver.version, card: raised }, staff());
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    clock.set(PAID_AT + 2 * HOUR);
    const res = await amend(b, { hour: '03hr:30Min' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The fixture's move: Large van, Driver-Help, one flight at the pickup. Half an hour at the booked hourly rate.
    const perHour =
      booked.vanPerHourPence.Large! +
      booked.helpersPerHourPence['Driver-Help']! +
      booked.stairPerFlightPerHourPence['Driver-Help']! * 1;
    expect(res.body.amendment.totalPence - b.totalPence).toBe(Math.round(perHour / 2));

    // A new customer's quote for the same move is at the new rates: the booked card was used for this booking only.
    const fresh = await quoteApi<{ offers: { driverId: string; totalPrice: number }[] }>('POST', '/api/booking', {
      ...record.request,
      date: '2026-01-23T10:00:00.000Z',
      hour: 3.5,
      email: 'new@example.com',
    });
    const offer = fresh.body.offers.find((o) => o.driverId === driverId)!;
    expect(Math.round(offer.totalPrice * 100)).toBeGreaterThan(res.body.amendment.totalPence);
  });
});
