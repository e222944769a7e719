import { describe, expect, it } from 'vitest';
import { BOOKING_TIME_MESSAGES, SHORT_NOTICE, type MyMoveView, type NewDatePrice } from '@vanhop/contracts';
import { PRICE_CHANGED_SINCE_SHOWN } from '../src/app/reprice-booking.js';
import { MIN, PAID_AT, useLifecycleServices } from './lifecycle-support.js';

/**
 * A postponed booking's new date shows its price before the customer confirms it
 * (POST .../reactivate/price, priced as the change itself, nothing written), and the confirmation
 * carries the total that was shown: a price that moved meanwhile is refused, not charged.
 */
describe('the new date’s price before the customer confirms it', () => {
  const { api, stored, settle, bookAndPay, clock } = useLifecycleServices();
  /** 06:00 carries the out-of-hours surcharge: dearer than the booked 10:00. */
  const EARLY = '2026-01-22T06:00:00.000Z';

  it('prices the new date without writing anything; confirming with that total books it at that price', async () => {
    const b = await bookAndPay(30);
    expect((await api('POST', `${b.path}/postpone`, { confirm: true })).status).toBe(200);
    await settle();
    const before = await stored(b.id);

    const priced = await api<NewDatePrice>('POST', `${b.path}/reactivate/price`, { date: EARLY });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body).toMatchObject({ date: EARLY, previousTotalPence: b.totalPence, refundPence: 0 });
    expect(priced.body.totalPence).toBeGreaterThan(b.totalPence);
    expect(priced.body.balancePence).toBe(priced.body.totalPence - b.paidPence);
    await settle();
    const after = await stored(b.id);
    expect(after.state).toBe('frozen');
    expect(after.history).toEqual(before.history);
    expect(after.quote).toEqual(before.quote);

    const booked = await api<MyMoveView>('POST', `${b.path}/reactivate`, {
      date: EARLY,
      expectedTotalPence: priced.body.totalPence,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.money.totalPence).toBe(priced.body.totalPence);
    expect(booked.body.money.balancePence).toBe(priced.body.balancePence);
  });

  it('a confirmation carrying another total is refused (409) and the booking stays postponed', async () => {
    const b = await bookAndPay(30);
    expect((await api('POST', `${b.path}/postpone`, { confirm: true })).status).toBe(200);
    await settle();
    // Another day: the first test's booking has this driver at EARLY now.
    const date = '2026-01-23T06:00:00.000Z';
    const priced = await api<NewDatePrice>('POST', `${b.path}/reactivate/price`, { date });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const refused = await api<{ message: string }>('POST', `${b.path}/reactivate`, {
      date,
      expectedTotalPence: priced.body.totalPence - 1,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(PRICE_CHANGED_SINCE_SHOWN);
    expect((await stored(b.id)).state).toBe('frozen');
  });

  it('a new time within the driver’s notice names the short-notice fee in its price; a later one names none', async () => {
    const b = await bookAndPay(30);
    expect((await api('POST', `${b.path}/postpone`, { confirm: true })).status).toBe(200);
    await settle();
    // 08:30: the earliest start is 10:00, 90 minutes on, inside the house card's 120-minute notice.
    clock.set(PAID_AT + 30 * MIN);
    const soon = await api<NewDatePrice>('POST', `${b.path}/reactivate/price`, { date: '2026-01-15T10:00:00.000Z' });
    expect(soon.status, JSON.stringify(soon.body)).toBe(200);
    expect(soon.body.shortNoticePence).toBe(SHORT_NOTICE.feePence);
    const later = await api<NewDatePrice>('POST', `${b.path}/reactivate/price`, { date: '2026-01-15T12:00:00.000Z' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.shortNoticePence).toBeUndefined();
    // The fee is in the price itself: the sooner time costs that much more.
    expect(soon.body.totalPence - later.body.totalPence).toBe(SHORT_NOTICE.feePence);
  });

  it('refuses what the new date itself refuses, naming the field; a link that is not genuine is 404', async () => {
    const b = await bookAndPay(30);
    expect((await api('POST', `${b.path}/postpone`, { confirm: true })).status).toBe(200);
    await settle();
    const night = await api<{ errors: Record<string, string> }>('POST', `${b.path}/reactivate/price`, {
      date: '2026-01-22T23:00:00.000Z',
    });
    expect(night.status).toBe(400);
    expect(night.body.errors.date).toBe(BOOKING_TIME_MESSAGES.hours);
    const bad = await api<{ errors: Record<string, string> }>('POST', `${b.path}/reactivate/price`, {
      date: EARLY,
      expectedTotalPence: 'lots',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['expectedTotalPence']);
    expect((await api('POST', '/api/mymove/v1.forged.token.x/reactivate/price', { date: EARLY })).status).toBe(404);
  });
});
