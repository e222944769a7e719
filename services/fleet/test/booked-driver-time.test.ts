import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingConfirmed } from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';
import { NOW, startQuote } from './support.js';

/** The booking events move a booking's hold on its driver's time (quote's consumers, real bus). */
describe('booked driver time follows the booking (booking.* events → driver_slots)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const clock = fixedClock(NOW);
  const inHalfAnHour = new Date(Date.parse(NOW) + 30 * 60_000).toISOString();
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${svc.url}${p}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  };
  const slotsOf = async (bookingId: string) =>
    (
      await svc.infra.store
        .collection<{ _id: string; bookingId: string; slotStart: string; expiresAt?: string }>('driver_slots')
        .find({ bookingId })
    ).sort((a, b) => a.slotStart.localeCompare(b.slotStart));
  const facts = (bookingId: string, date: string, totalHour: number) => ({
    bookingId,
    randomNumber: 4815162,
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
    driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: '07700900101' },
    move: {
      date,
      addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour,
      description: '',
    },
    myMovePath: '/mymove/x',
  });
  const confirmed = (bookingId: string, date: string, totalHour: number): BookingConfirmed => ({
    ...facts(bookingId, date, totalHour),
    paymentStatus: '30percentage',
    amountPaidPence: 3000,
    outstandingBalancePence: 7000,
    totalPricePence: 10000,
  });
  const publish = async (topic: string, data: unknown) => {
    await svc.bus.publish(
      topic,
      await createEvent(topic as typeof TOPICS.bookingConfirmed, data as BookingConfirmed, {
        producer: 'booking',
        clock,
      }),
    );
    await svc.bus.idle();
  };

  beforeAll(async () => {
    svc = await startQuote({ SEED_DEMO_DRIVERS: 'true' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('payment keeps the checkout hold; cancel and postpone give the time back', async () => {
    const hold = await call('POST', '/internal/drivers/drv-ali-hassan/holds', {
      bookingId: 'bk-1',
      start: '2026-01-20T10:00:00.000Z',
      hours: 3,
      expiresAt: inHalfAnHour,
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);
    expect((await slotsOf('bk-1')).every((s) => s.expiresAt === inHalfAnHour)).toBe(true);
    await publish(TOPICS.bookingConfirmed, confirmed('bk-1', '2026-01-20T10:00:00.000Z', 3));
    const kept = await slotsOf('bk-1');
    expect(kept).toHaveLength(12);
    expect(kept.every((s) => s.expiresAt === undefined)).toBe(true);

    await publish(TOPICS.bookingPostponed, {
      ...facts('bk-1', '2026-01-20T10:00:00.000Z', 3),
      frozenAt: NOW,
      useBy: '2027-01-15T08:00:00.000Z',
    });
    expect(await slotsOf('bk-1')).toEqual([]);

    await publish(TOPICS.bookingConfirmed, confirmed('bk-2', '2026-01-21T10:00:00.000Z', 2));
    expect(await slotsOf('bk-2')).toHaveLength(8);
    await publish(TOPICS.bookingCancelled, {
      ...facts('bk-2', '2026-01-21T10:00:00.000Z', 2),
      cancelledAt: NOW,
      refundPence: 0,
      withinCoolingOff: false,
    });
    expect(await slotsOf('bk-2')).toEqual([]);
  });

  it('a deleted quotation gives back the driver its checkout holds at once (booking.deleted)', async () => {
    const hold = await call('POST', '/internal/drivers/drv-ali-hassan/holds', {
      bookingId: 'bk-deleted',
      start: '2026-01-26T10:00:00.000Z',
      hours: 2,
      expiresAt: inHalfAnHour,
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);
    expect(await slotsOf('bk-deleted')).toHaveLength(8);
    await publish(TOPICS.bookingDeleted, {
      bookingId: 'bk-deleted',
      randomNumber: 4815163,
      deletedAt: NOW,
      deletedBy: 'sue',
    });
    expect(await slotsOf('bk-deleted')).toEqual([]);
    // A delete naming a booking without slots changes nothing (a redelivery, a quotation never checked out).
    await publish(TOPICS.bookingDeleted, {
      bookingId: 'bk-deleted',
      randomNumber: 4815163,
      deletedAt: NOW,
      deletedBy: 'sue',
    });
    expect(await slotsOf('bk-deleted')).toEqual([]);
  });

  it('a paid booking without a live hold takes one; the driver’s minimum hours count, as in pricing', async () => {
    // Ali's minimum is 2 hours: a 1-hour booking keeps him for 2.
    await publish(TOPICS.bookingConfirmed, confirmed('bk-3', '2026-01-22T10:00:00.000Z', 1));
    const slots = await slotsOf('bk-3');
    expect(slots).toHaveLength(8);
    expect(slots.every((s) => s.expiresAt === undefined)).toBe(true);
  });

  it('reactivation and amendments move the kept slots to the new window', async () => {
    await publish(TOPICS.bookingConfirmed, confirmed('bk-4', '2026-01-23T10:00:00.000Z', 2));
    const moved = {
      ...facts('bk-4', '2026-01-23T14:00:00.000Z', 3),
      previousDate: '2026-01-23T10:00:00.000Z',
      totalPricePence: 1,
      previousTotalPricePence: 1,
      balancePence: 0,
      refundPence: 0,
    };
    await publish(TOPICS.bookingReactivated, moved);
    let slots = await slotsOf('bk-4');
    expect(slots.map((s) => s.slotStart)[0]).toBe('2026-01-23T14:00:00.000Z');
    expect(slots).toHaveLength(12);
    expect(slots.every((s) => s.expiresAt === undefined)).toBe(true);

    const before = facts('bk-4', '2026-01-23T14:00:00.000Z', 3).move;
    await publish(TOPICS.bookingAmended, {
      ...facts('bk-4', '2026-01-23T15:00:00.000Z', 4),
      previousMove: before,
      changed: ['date', 'hours'],
      totalPricePence: 1,
      previousTotalPricePence: 1,
      balancePence: 0,
      refundPence: 0,
      amendedBy: 'sue',
    });
    slots = await slotsOf('bk-4');
    expect(slots.map((s) => s.slotStart)[0]).toBe('2026-01-23T15:00:00.000Z');
    expect(slots).toHaveLength(16);
  });

  it('a new window the driver is taken in releases the old one and is logged, never double-booked', async () => {
    await publish(TOPICS.bookingConfirmed, confirmed('bk-5', '2026-01-24T10:00:00.000Z', 2));
    await publish(TOPICS.bookingConfirmed, confirmed('bk-6', '2026-01-24T14:00:00.000Z', 2));
    await publish(TOPICS.bookingAmended, {
      ...facts('bk-6', '2026-01-24T11:00:00.000Z', 2),
      previousMove: facts('bk-6', '2026-01-24T14:00:00.000Z', 2).move,
      changed: ['date'],
      totalPricePence: 1,
      previousTotalPricePence: 1,
      balancePence: 0,
      refundPence: 0,
      amendedBy: 'sue',
    });
    expect(await slotsOf('bk-5')).toHaveLength(8);
    expect(await slotsOf('bk-6')).toEqual([]);
  });
});
