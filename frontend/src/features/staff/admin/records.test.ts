import { describe, expect, it } from 'vitest';
import type { BookingRecord, PaymentStatus } from '@vanhop/contracts';
import {
  durationLabel,
  formatLondonDate,
  lifecycleBadges,
  lifecycleOf,
  formatPounds,
  pricePerHalfHour,
  recordDate,
  routeOf,
  sameLondonDay,
  selectRecords,
  stairLabel,
} from './records';

const record = (
  id: string,
  paymentStatus: PaymentStatus,
  moveDate: string,
  savedAt = '2026-01-01T09:00:00.000Z',
): BookingRecord =>
  ({
    _id: id,
    randomNumber: Number(id.replace(/\D/g, '')) || 1,
    date: savedAt,
    paymentStatus,
    OutstandingBalance: 0,
    percentage: null,
    reviewRequest: false,
    quote: {
      date: moveDate,
      totalAddress: [
        { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 1 },
        { id: 'b', location: 'London E1, UK', physicalAddress: '', stair: 2 },
        { id: 'c', location: 'London SE1, UK', physicalAddress: '5 Borough St', stair: 0 },
      ],
      places: ['London NW2, UK', 'London E1, UK', 'London SE1, UK'],
      viaStopStair: [3],
      totalPrice: 195,
      totalSecond: 10800,
    },
  }) as unknown as BookingRecord;

// 23:30 on 15 Jan in London (winter: UTC), so "today" ends half an hour later.
const NOW = new Date('2026-01-15T23:30:00.000Z');

describe('dashboard record rules', () => {
  const records = [
    record('r1', 'unpaid', '2026-01-20T10:00:00.000Z'),
    record('r2', 'unpaid', '2026-01-15T23:45:00.000Z'),
    record('r3', 'unpaid', '2026-01-15T08:00:00.000Z'),
    record('r4', 'unpaid', '2025-12-01T08:00:00.000Z'),
    record('r5', 'paid', '2026-01-17T08:00:00.000Z'),
    record('r6', '30percentage', '2026-01-16T00:15:00.000Z'),
    record('r7', '50percentage', '2026-01-10T08:00:00.000Z'),
  ];
  const ids = (rs: BookingRecord[]) => rs.map((r) => r._id);

  it('splits unpaid quotations from paid jobs, by move date, oldest first', () => {
    expect(ids(selectRecords(records, 'quotation', 'future', NOW))).toEqual(['r2', 'r1']);
    expect(ids(selectRecords(records, 'quotation', 'today', NOW))).toEqual(['r3', 'r2']);
    expect(ids(selectRecords(records, 'quotation', 'past', NOW))).toEqual(['r4', 'r3']);
    expect(ids(selectRecords(records, 'job', 'future', NOW))).toEqual(['r6', 'r5']);
    // 00:15 on the 16th is tomorrow in London
    expect(ids(selectRecords(records, 'job', 'today', NOW))).toEqual([]);
    expect(ids(selectRecords(records, 'job', 'past', NOW))).toEqual(['r7']);
  });

  it('falls back to the save date when a quote has no moving date; unreadable dates are left out', () => {
    const noMoveDate = record('r8', 'unpaid', '', '2026-01-15T10:00:00.000Z');
    const broken = record('r9', 'unpaid', 'not a date', 'also not');
    expect(recordDate(noMoveDate)?.toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(ids(selectRecords([noMoveDate, broken], 'quotation', 'today', NOW))).toEqual(['r8']);
  });

  it('compares calendar days on the London clock across the BST change', () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London
    expect(sameLondonDay(new Date('2026-07-01T23:30:00Z'), new Date('2026-07-02T10:00:00Z'))).toBe(true);
    expect(sameLondonDay(new Date('2026-07-01T22:30:00Z'), new Date('2026-07-02T10:00:00Z'))).toBe(false);
  });

  it('formats dates en-GB in London time, pounds to 2 decimals, the half-hour price and stairs', () => {
    expect(formatLondonDate(new Date('2026-07-02T09:05:00Z'))).toBe('Thu, 02 Jul 2026, 10:05');
    expect(formatPounds(195)).toBe('£195.00');
    expect(formatPounds(12.5)).toBe('£12.50');
    // 3 h priced: 6 half hours
    expect(pricePerHalfHour(195, 10800)).toBe(32.5);
    expect(pricePerHalfHour(195, 0)).toBeNull();
    expect(stairLabel(0)).toBe('Elevator / No stairs');
    expect(stairLabel(2)).toBe('2 flights of stairs');
    expect(durationLabel(3900)).toBe('1 h 05 min');
    expect(durationLabel(600)).toBe('10 min');
  });

  it('reads start, via stops with their flights, and end of the route', () => {
    const route = routeOf(records[0]!);
    expect(route.start).toBe('London NW2, UK');
    expect(route.end).toBe('London SE1, UK');
    expect(route.pickup).toBe('1 High Road, London NW2, UK');
    expect(route.via).toEqual([{ id: 'b', address: 'London E1, UK', flights: 3 }]);
  });
});

describe('booking lifecycle on the dashboard', () => {
  const base = record('r1', '30percentage', '2026-02-01T10:00:00.000Z');
  it('reads records without the lifecycle fields as active with nothing refunded', () => {
    expect(lifecycleOf(base)).toEqual({ state: 'active', refundedPence: 0, cancelledAt: null, frozenAt: null });
    expect(lifecycleBadges(base)).toEqual([]);
  });
  it('marks cancelled, postponed and refunded bookings', () => {
    const cancelled = {
      ...base,
      state: 'cancelled',
      amountRefundedPence: 6000,
      cancelledAt: '2026-01-20T10:00:00.000Z',
    } as BookingRecord;
    expect(lifecycleBadges(cancelled).map((b) => b.label)).toEqual(['Cancelled', 'Refunded £60.00']);
    expect(lifecycleOf(cancelled).cancelledAt).toBe('2026-01-20T10:00:00.000Z');
    const frozen = { ...base, state: 'frozen', frozenAt: '2026-01-21T10:00:00.000Z' } as BookingRecord;
    expect(lifecycleBadges(frozen).map((b) => b.label)).toEqual(['Postponed']);
    // a surprising value never hides a record as something it is not
    expect(
      lifecycleOf({ ...base, state: 'deleted', amountRefundedPence: 'x' } as unknown as BookingRecord),
    ).toMatchObject({ state: 'active', refundedPence: 0 });
  });
  it('keeps cancelled jobs in Your Jobs (marked, not hidden)', () => {
    const cancelled = { ...base, state: 'cancelled' } as BookingRecord;
    expect(selectRecords([cancelled], 'job', 'future', NOW)).toHaveLength(1);
  });
});
