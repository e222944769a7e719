import { describe, expect, it } from 'vitest';
import { londonTime } from '../booking-time.js';
import type { Availability } from '../schemas/driver.js';
import { availabilityCovers, moveWindow, overlapsBusy, slotStarts } from './availability.js';

const week = (from: string, to: string): Availability['weekly'] => ({
  mon: [{ from, to }],
  tue: [{ from, to }],
  wed: [{ from, to }],
  thu: [{ from, to }],
  fri: [{ from, to }],
  sat: [{ from, to }],
  sun: [{ from, to }],
});

describe('availability and slot maths (pure, Europe/London)', () => {
  it('a move keeps a driver for the billable hours: booked hours, at least the minimum', () => {
    const start = londonTime(2026, 1, 20, 10, 0);
    expect(moveWindow(start, 3, 2).end).toEqual(londonTime(2026, 1, 20, 13, 0));
    expect(moveWindow(start, 1, 2).end).toEqual(londonTime(2026, 1, 20, 12, 0));
    expect(moveWindow(start, undefined, 2).end).toEqual(londonTime(2026, 1, 20, 12, 0));
    expect(moveWindow(start, 2.5, 2).end).toEqual(londonTime(2026, 1, 20, 12, 30));
  });

  it('cuts a window into quarter hours, whole slots even off the grid', () => {
    const start = londonTime(2026, 1, 20, 10, 0);
    expect(slotStarts({ start, end: londonTime(2026, 1, 20, 11, 0) }).map((d) => d.toISOString())).toEqual([
      '2026-01-20T10:00:00.000Z',
      '2026-01-20T10:15:00.000Z',
      '2026-01-20T10:30:00.000Z',
      '2026-01-20T10:45:00.000Z',
    ]);
    expect(
      slotStarts({ start: new Date('2026-01-20T10:05:00Z'), end: new Date('2026-01-20T10:20:00Z') }).map((d) =>
        d.toISOString(),
      ),
    ).toEqual(['2026-01-20T10:00:00.000Z', '2026-01-20T10:15:00.000Z']);
    expect(slotStarts({ start, end: start })).toEqual([]);
  });

  it('a driver without hours of their own (the demo drivers) is free at any time, the longest move at the latest start included', () => {
    const on = (h: number, m: number, hours: number) => moveWindow(londonTime(2026, 1, 20, h, m), hours, 2);
    expect(availabilityCovers(undefined, on(6, 0, 2))).toBe(true);
    expect(availabilityCovers(undefined, on(19, 15, 3))).toBe(true);
    expect(availabilityCovers(undefined, on(21, 0, 20.5))).toBe(true);
    // Setting hours is what limits a driver.
    expect(availabilityCovers({ weekly: week('06:00', '21:00'), daysOff: [] }, on(19, 15, 2))).toBe(false);
    expect(availabilityCovers({ weekly: week('06:00', '21:00'), daysOff: [] }, on(5, 45, 2))).toBe(false);
  });

  it('reads hours on the London clock, summer time included', () => {
    const a: Availability = { weekly: week('08:00', '12:00'), daysOff: [] };
    // 08:00 BST is 07:00 UTC.
    expect(availabilityCovers(a, moveWindow(new Date('2026-07-01T07:00:00Z'), 2, 2))).toBe(true);
    expect(availabilityCovers(a, moveWindow(new Date('2026-07-01T09:30:00Z'), 2, 2))).toBe(false);
    expect(availabilityCovers(a, moveWindow(new Date('2026-01-07T08:00:00Z'), 2, 2))).toBe(true);
  });

  it('uses each weekday’s own periods, split days and days off', () => {
    const a: Availability = {
      weekly: {
        ...week('09:00', '17:00'),
        sat: [
          { from: '07:00', to: '10:00' },
          { from: '14:00', to: '18:00' },
        ],
        sun: [],
      },
      daysOff: ['2026-01-21'],
    };
    // 2026-01-24 is a Saturday, the 25th a Sunday, the 21st a Wednesday.
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 24, 7, 0), 2, 2))).toBe(true);
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 24, 9, 0), 2, 2))).toBe(false);
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 24, 14, 0), 4, 2))).toBe(true);
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 25, 10, 0), 2, 2))).toBe(false);
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 21, 10, 0), 2, 2))).toBe(false);
    expect(availabilityCovers(a, moveWindow(londonTime(2026, 1, 22, 10, 0), 2, 2))).toBe(true);
  });

  it('a window over midnight needs both days’ hours', () => {
    const late: Availability = {
      weekly: { ...week('18:00', '24:00'), wed: [{ from: '00:00', to: '02:00' }] },
      daysOff: [],
    };
    // Tuesday 20 January 23:00 for 2 hours runs into Wednesday.
    expect(availabilityCovers(late, moveWindow(londonTime(2026, 1, 20, 23, 0), 2, 2))).toBe(true);
    expect(
      availabilityCovers({ ...late, daysOff: ['2026-01-21'] }, moveWindow(londonTime(2026, 1, 20, 23, 0), 2, 2)),
    ).toBe(false);
  });

  it('sees any overlap with busy quarter hours, touching ends are free', () => {
    const w = moveWindow(londonTime(2026, 1, 20, 10, 0), 2, 2);
    expect(overlapsBusy(w, ['2026-01-20T11:45:00.000Z'])).toBe(true);
    expect(overlapsBusy(w, ['2026-01-20T12:00:00.000Z', '2026-01-20T09:45:00.000Z'])).toBe(false);
  });
});
