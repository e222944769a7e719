import { describe, expect, it } from 'vitest';
import {
  BOOKING_TIME_MESSAGES,
  bookingTimeProblem,
  earliestBookingTime,
  earliestTimeOn,
  isAllowedBookingTime,
  londonClock,
  londonTime,
} from './booking-time.js';

const at = (iso: string) => new Date(iso);

describe('London wall clock', () => {
  it('reads GMT in winter and BST in summer', () => {
    expect(londonClock(at('2026-01-15T10:40:00Z'))).toMatchObject({ hour: 10, minute: 40 });
    expect(londonClock(at('2026-07-15T10:40:00Z'))).toMatchObject({ hour: 11, minute: 40 });
  });
  it('matches Intl on every quarter hour across both 2026 clock changes', () => {
    const fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      day: 'numeric',
    });
    for (const from of [Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 9, 24, 20)]) {
      for (let t = from; t < from + 12 * 3600_000; t += 15 * 60_000) {
        const c = londonClock(new Date(t));
        const p = Object.fromEntries(fmt.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
        expect([c.day, c.hour, c.minute]).toEqual([p.day, p.hour, p.minute]);
      }
    }
  });
  it('builds instants from London times across daylight saving', () => {
    expect(londonTime(2026, 1, 15, 6).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(londonTime(2026, 7, 15, 6).toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(londonTime(2026, 3, 29, 6).toISOString()).toBe('2026-03-29T05:00:00.000Z');
  });
});

describe('earliest booking time', () => {
  it('is the current hour + 2 on the hour during the day', () => {
    expect(earliestBookingTime(at('2026-01-15T10:40:00Z')).toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(earliestBookingTime(at('2026-07-15T09:40:00Z')).toISOString()).toBe('2026-07-15T11:00:00.000Z'); // 10:40 BST -> 12:00 BST
    expect(earliestBookingTime(at('2026-01-15T19:59:00Z')).toISOString()).toBe('2026-01-15T21:00:00.000Z');
  });
  it('is 06:00 before opening time', () => {
    expect(earliestBookingTime(at('2026-01-15T05:10:00Z')).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(earliestBookingTime(at('2026-03-29T00:30:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z'); // DST starts that night
  });
  it('moves to 06:00 the next day late in the evening', () => {
    expect(earliestBookingTime(at('2026-01-15T20:10:00Z')).toISOString()).toBe('2026-01-16T06:00:00.000Z');
    expect(earliestBookingTime(at('2026-01-31T23:30:00Z')).toISOString()).toBe('2026-02-01T06:00:00.000Z');
  });
  it('gives 06:00 for a later day and null for a closed day', () => {
    const now = at('2026-01-15T10:40:00Z');
    expect(earliestTimeOn(at('2026-01-20T12:00:00Z'), now)?.toISOString()).toBe('2026-01-20T06:00:00.000Z');
    expect(earliestTimeOn(at('2026-01-15T15:00:00Z'), now)?.toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(earliestTimeOn(at('2026-01-14T15:00:00Z'), now)).toBeNull();
  });
});

describe('allowed booking times', () => {
  const now = at('2026-01-15T10:40:00Z');
  it('accepts quarter hours from 06:00 to 21:00 at or after the earliest start', () => {
    expect(isAllowedBookingTime(at('2026-01-15T12:00:00Z'), now)).toBe(true);
    expect(isAllowedBookingTime(at('2026-01-16T06:00:00Z'), now)).toBe(true);
    expect(isAllowedBookingTime(at('2026-01-16T21:00:00Z'), now)).toBe(true);
    expect(isAllowedBookingTime(at('2026-07-16T19:45:00Z'), now)).toBe(true); // 20:45 BST
  });
  it('names what is wrong', () => {
    expect(bookingTimeProblem(at('2026-01-15T11:45:00Z'), now)).toBe(BOOKING_TIME_MESSAGES.tooSoon);
    expect(bookingTimeProblem(at('2026-01-16T05:45:00Z'), now)).toBe(BOOKING_TIME_MESSAGES.hours);
    expect(bookingTimeProblem(at('2026-01-16T21:15:00Z'), now)).toBe(BOOKING_TIME_MESSAGES.hours);
    expect(bookingTimeProblem(at('2026-07-16T20:30:00Z'), now)).toBe(BOOKING_TIME_MESSAGES.hours); // 21:30 BST
    expect(bookingTimeProblem(at('2026-01-16T10:10:00Z'), now)).toBe(BOOKING_TIME_MESSAGES.step);
    expect(bookingTimeProblem(new Date('nope'), now)).toBe(BOOKING_TIME_MESSAGES.invalid);
  });
});
