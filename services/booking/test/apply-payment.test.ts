import { describe, expect, it } from 'vitest';
import { applyBalancePayment, placeBooking } from '../src/domain/apply-payment.js';
import type { StoredBooking } from '../src/domain/booking-record.js';
import { unpaidBookingRecord } from '../../../test/support/booking-fixtures.js';

const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';
const card = { provider: 'stripe' as const, providerRef: 'cs_1' };

/** £287.50 booked with a 30 % deposit of £86.25: £201.25 left to pay. */
function depositPaid(): StoredBooking {
  const record = unpaidBookingRecord() as StoredBooking;
  return {
    ...record,
    ...placeBooking(record, { ...card, amountPence: 8625, percentage: 30, eventId: 'ev-1' }, AT).set,
  };
}

describe('placeBooking (the first payment)', () => {
  it('a 30 % deposit leaves the rest as balance and starts the lifecycle', () => {
    const placed = placeBooking(
      unpaidBookingRecord() as StoredBooking,
      { ...card, amountPence: 8625, percentage: 30, eventId: 'ev-1' },
      AT,
    );
    expect(placed).toMatchObject({
      paymentStatus: '30percentage',
      totalPricePence: 28750,
      outstandingBalancePence: 20125,
    });
    expect(placed.set).toMatchObject({
      state: 'active',
      amountPaidPence: 8625,
      amountRefundedPence: 0,
      OutstandingBalance: 201.25,
      percentage: 30,
      paidAt: AT,
    });
    expect(placed.set.history?.map((h) => h.kind)).toEqual(['saved', 'paid']);
    expect(placed.set.history?.[1]?.text).toBe('Booked: 30 % deposit of £86.25 paid');
    expect(placed.set.receipts).toEqual([
      expect.objectContaining({ id: 'pay-cs_1', kind: 'payment', amountPence: 8625, description: '30 % deposit' }),
    ]);
  });

  it('paying it all leaves nothing owed', () => {
    const placed = placeBooking(
      unpaidBookingRecord() as StoredBooking,
      { ...card, amountPence: 28750, percentage: 100, eventId: 'ev-1' },
      AT,
    );
    expect(placed).toMatchObject({ paymentStatus: 'paid', outstandingBalancePence: 0 });
    expect(placed.set.OutstandingBalance).toBe(0);
  });
});

describe('applyBalancePayment', () => {
  it('a balance the driver collected in cash on the day is settled: a payment landing anyway is all excess, refunded', () => {
    const settled: StoredBooking = {
      ...depositPaid(),
      daySettlement: { method: 'cash', amountPence: 20125, at: LATER },
    };
    const applied = applyBalancePayment(settled, { ...card, providerRef: 'cs_late', amountPence: 20125 }, LATER);
    expect(applied).toMatchObject({ replay: false, applied: 0, excess: 20125, balanceAfter: 0 });
    // Nothing collected on the day leaves the balance owed online.
    const owed = applyBalancePayment(
      { ...depositPaid(), daySettlement: { method: 'none', amountPence: 0, at: LATER } },
      { ...card, providerRef: 'cs_3', amountPence: 20125 },
      LATER,
    );
    expect(owed).toMatchObject({ applied: 20125, excess: 0 });
  });

  it('settles the balance exactly: paid in full, nothing to refund', () => {
    const applied = applyBalancePayment(depositPaid(), { ...card, providerRef: 'cs_2', amountPence: 20125 }, LATER);
    expect(applied).toMatchObject({ replay: false, applied: 20125, excess: 0, balanceAfter: 0 });
    if (applied.replay) throw new Error('not a replay');
    expect(applied.set).toMatchObject({
      paymentStatus: 'paid',
      OutstandingBalance: 0,
      amountPaidPence: 28750,
      state: 'active',
    });
    expect(applied.history.map((h) => h.text)).toEqual(['Balance of £201.25 paid: paid in full']);
    expect(applied.receipt).toMatchObject({ id: 'pay-cs_2', description: 'Balance', amountPence: 20125 });
  });

  it('a part payment lowers the balance and keeps the status', () => {
    const applied = applyBalancePayment(depositPaid(), { ...card, providerRef: 'cs_2', amountPence: 10000 }, LATER);
    expect(applied).toMatchObject({
      applied: 10000,
      excess: 0,
      balanceAfter: 10125,
      set: { OutstandingBalance: 101.25 },
    });
    if (applied.replay) throw new Error('not a replay');
    expect(applied.set.paymentStatus).toBeUndefined();
  });

  it('money the booking did not need is excess, with its own history line', () => {
    const applied = applyBalancePayment(depositPaid(), { ...card, providerRef: 'cs_2', amountPence: 25000 }, LATER);
    expect(applied).toMatchObject({ applied: 20125, excess: 4875, balanceAfter: 0 });
    if (applied.replay) throw new Error('not a replay');
    expect(applied.history.map((h) => h.kind)).toEqual(['balance-paid', 'paid']);
  });

  it('on a cancelled booking all of it is excess and the balance fields stay', () => {
    const cancelled = { ...depositPaid(), state: 'cancelled' as const, OutstandingBalance: 0 };
    const applied = applyBalancePayment(cancelled, { ...card, providerRef: 'cs_2', amountPence: 20125 }, LATER);
    expect(applied).toMatchObject({ applied: 0, excess: 20125 });
    if (applied.replay) throw new Error('not a replay');
    expect(applied.set.OutstandingBalance).toBeUndefined();
    expect(applied.set.state).toBe('cancelled');
  });

  it('a payment the record already has a receipt for is a replay', () => {
    const record = depositPaid();
    expect(applyBalancePayment(record, { ...card, amountPence: 20125 }, LATER)).toEqual({ replay: true });
  });
});
