import { describe, expect, it } from 'vitest';
import { firstSelectableDay, formatMovingDate, isBookable, londonParts, londonToDate, timeSlots } from './dateRules';

// 2026-03-10 is GMT (UTC+0); 2026-07-10 is BST (UTC+1).
const at = (iso: string) => new Date(iso);
const today = { year: 2026, month: 7, day: 10 };
const tomorrow = { year: 2026, month: 7, day: 11 };

describe('moving date rules', () => {
  it('reads the London wall clock in summer time', () => {
    expect(londonParts(at('2026-07-10T13:05:00Z'))).toEqual({ year: 2026, month: 7, day: 10, hour: 14, minute: 5 });
    expect(londonToDate({ year: 2026, month: 7, day: 10, hour: 9, minute: 30 }).toISOString()).toBe(
      '2026-07-10T08:30:00.000Z',
    );
    expect(londonToDate({ year: 2026, month: 3, day: 10, hour: 9, minute: 30 }).toISOString()).toBe(
      '2026-03-10T09:30:00.000Z',
    );
  });

  it('starts today 2 hours ahead on the hour between 06:00 and 21:59', () => {
    const now = at('2026-07-10T13:37:00Z'); // 14:37 London
    const slots = timeSlots(today, now);
    expect(slots[0]).toBe(16 * 60);
    expect(slots.at(-1)).toBe(21 * 60);
    expect(slots).toHaveLength(21);
  });

  it('uses 06:00 early in the morning and for any later day, 15-minute steps to 21:00', () => {
    const early = at('2026-07-10T03:10:00Z'); // 04:10 London
    expect(timeSlots(today, early)[0]).toBe(6 * 60);
    const slots = timeSlots(tomorrow, at('2026-07-10T13:37:00Z'));
    expect(slots[0]).toBe(6 * 60);
    expect(slots[1]).toBe(6 * 60 + 15);
    expect(slots.at(-1)).toBe(21 * 60);
    expect(slots).toHaveLength(61);
  });

  it('has no time left today in the evening, so the first day is tomorrow', () => {
    const evening = at('2026-07-10T19:30:00Z'); // 20:30 London: 22:00 is after 21:00
    expect(timeSlots(today, evening)).toEqual([]);
    expect(firstSelectableDay(evening)).toEqual(tomorrow);
    const night = at('2026-07-10T21:30:00Z'); // 22:30 London: 06:00 rule but already past
    expect(timeSlots(today, night)).toEqual([]);
    expect(firstSelectableDay(at('2026-07-10T12:00:00Z'))).toEqual(today);
  });

  it('refuses past days and times off the rules', () => {
    const now = at('2026-07-10T13:37:00Z');
    expect(timeSlots({ year: 2026, month: 7, day: 9 }, now)).toEqual([]);
    expect(isBookable('2026-07-11T05:00:00Z', now)).toBe(true); // 06:00 London
    expect(isBookable('2026-07-11T04:45:00Z', now)).toBe(false); // 05:45
    expect(isBookable('2026-07-11T20:15:00Z', now)).toBe(false); // 21:15
    expect(isBookable('2026-07-11T10:10:00Z', now)).toBe(false); // not a quarter hour
    expect(isBookable('2026-07-10T14:00:00Z', now)).toBe(false); // 15:00 today, inside the lead time
  });

  it('formats day-month-year and time on the London clock', () => {
    expect(formatMovingDate('2026-07-11T05:00:00Z')).toBe('11-07-2026 06:00');
    expect(formatMovingDate('nonsense')).toBe('');
  });
});
