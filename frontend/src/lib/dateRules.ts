/**
 * The date picker's view of the moving-date rules (docs/SCREENS.md): calendar days and 15-minute
 * slots on the Europe/London clock, built on the contracts' booking-time rules the servers apply too.
 */
import { BOOKING_HOURS, earliestTimeOn, isAllowedBookingTime, londonClock, londonTime } from '@vanhop/contracts';

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface LondonTime extends CalendarDay {
  hour: number;
  minute: number;
}

/** London wall-clock reading of an instant (the contracts helper, without seconds). */
export function londonParts(at: Date): LondonTime {
  const c = londonClock(at);
  return { year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute };
}

/** The instant a London wall-clock time names. */
export const londonToDate = (t: LondonTime): Date => londonTime(t.year, t.month, t.day, t.hour, t.minute);

export const sameDay = (a: CalendarDay, b: CalendarDay) => a.year === b.year && a.month === b.month && a.day === b.day;

export const compareDays = (a: CalendarDay, b: CalendarDay) => a.year - b.year || a.month - b.month || a.day - b.day;

const LATEST = BOOKING_HOURS.latest * 60;
const STEP = BOOKING_HOURS.stepMinutes;

/** Bookable times of a day as minutes after midnight (London), in 15-minute steps; empty when none. */
export function timeSlots(day: CalendarDay, now: Date): number[] {
  const first = earliestTimeOn(londonTime(day.year, day.month, day.day, 12), now);
  if (!first) return [];
  const f = londonClock(first);
  const slots: number[] = [];
  for (let m = Math.ceil((f.hour * 60 + f.minute) / STEP) * STEP; m <= LATEST; m += STEP) slots.push(m);
  return slots;
}

export const isSelectableDay = (day: CalendarDay, now: Date) => timeSlots(day, now).length > 0;

/** The first day with a bookable time (today, or tomorrow late in the evening). */
export function firstSelectableDay(now: Date): CalendarDay {
  const n = londonParts(now);
  const today: CalendarDay = { year: n.year, month: n.month, day: n.day };
  return isSelectableDay(today, now) ? today : addDays(today, 1);
}

export function addDays(day: CalendarDay, count: number): CalendarDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + count));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Monday-first column (0-6) of a calendar day. */
export const weekdayColumn = (day: CalendarDay) =>
  (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;

/** Is this ISO instant a bookable moving time right now? */
export const isBookable = (iso: string, now: Date): boolean => isAllowedBookingTime(new Date(iso), now);

const pad = (n: number) => String(n).padStart(2, '0');

export const formatMinute = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** "dd-mm-yyyy HH:mm" on the London clock: the picker's display format. */
export function formatMovingDate(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const t = londonParts(at);
  return `${pad(t.day)}-${pad(t.month)}-${t.year} ${pad(t.hour)}:${pad(t.minute)}`;
}
