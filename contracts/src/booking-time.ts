import { BOOKING_HOURS } from './constants.js';

/**
 * Moving-date rules of docs/SCREENS.md, shared by the date picker and the servers. Everything is
 * reckoned on the Europe/London wall clock, whatever the time zone of the machine running it.
 *
 * - Moves start between 06:00 and 21:00 (21:00 itself allowed), on a 15-minute step.
 * - Today, the earliest start is the current London hour + 2, on the hour ("2 hours ahead on the
 *   hour"): at 10:40 it is 12:00. Before 06:00 it is 06:00; when hour + 2 passes 21:00, or it is
 *   already after 21:xx, the earliest start is 06:00 the next day.
 * - Any later day starts at 06:00.
 */

export interface LondonClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function clockFromFormatter(instant: Date): LondonClock {
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();

/**
 * London's UTC offset for the hour containing `t`. Intl formatting is slow (it dominated quote
 * pricing), and London changes offset only on a whole UTC hour (01:00 UTC), so one reading per
 * UTC hour is exact and is cached.
 */
function londonOffsetMs(t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const c = clockFromFormatter(new Date(hour * HOUR_MS));
    offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - hour * HOUR_MS;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The London wall-clock reading of an instant. */
export function londonClock(instant: Date): LondonClock {
  const t = instant.getTime();
  if (Number.isNaN(t)) return clockFromFormatter(instant);
  const d = new Date(t + londonOffsetMs(t));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** The instant at which London clocks show the given date and time (DST aware). */
export function londonTime(year: number, month: number, day: number, hour: number, minute = 0): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // London is UTC+0 or UTC+1: correct the naive guess by the offset observed there, twice for DST edges.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const c = londonClock(new Date(guess));
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

const nextDay = (c: LondonClock) => {
  const d = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

const sameLondonDay = (a: LondonClock, b: LondonClock) => a.year === b.year && a.month === b.month && a.day === b.day;

/** The first instant a move may start, seen from `now`. */
export function earliestBookingTime(now: Date): Date {
  const c = londonClock(now);
  const { earliest, latest, leadHours } = BOOKING_HOURS;
  if (c.hour < earliest) return londonTime(c.year, c.month, c.day, earliest);
  if (c.hour + leadHours <= latest) return londonTime(c.year, c.month, c.day, c.hour + leadHours);
  const t = nextDay(c);
  return londonTime(t.year, t.month, t.day, earliest);
}

/** The earliest start on the London day containing `day` (what the picker's time list begins with), or null when that day is closed. */
export function earliestTimeOn(day: Date, now: Date): Date | null {
  const d = londonClock(day);
  const first = earliestBookingTime(now);
  const f = londonClock(first);
  if (sameLondonDay(d, f)) return first;
  const opening = londonTime(d.year, d.month, d.day, BOOKING_HOURS.earliest);
  return opening.getTime() > first.getTime() ? opening : null;
}

export const BOOKING_TIME_MESSAGES = {
  invalid: 'Moving date must be a valid date',
  hours: 'Moves start between 06:00 and 21:00',
  step: 'Moving time must be on a 15-minute step',
  tooSoon: 'Moving date is too soon: choose a later time',
} as const;

/** Why a start time is refused (a BOOKING_TIME_MESSAGES text), or null when it is allowed. */
export function bookingTimeProblem(start: Date, now: Date): string | null {
  if (Number.isNaN(start.getTime())) return BOOKING_TIME_MESSAGES.invalid;
  const c = londonClock(start);
  const minutes = c.hour * 60 + c.minute;
  if (minutes < BOOKING_HOURS.earliest * 60 || minutes > BOOKING_HOURS.latest * 60) return BOOKING_TIME_MESSAGES.hours;
  if (c.minute % BOOKING_HOURS.stepMinutes !== 0 || c.second !== 0 || start.getUTCMilliseconds() !== 0)
    return BOOKING_TIME_MESSAGES.step;
  if (start.getTime() < earliestBookingTime(now).getTime()) return BOOKING_TIME_MESSAGES.tooSoon;
  return null;
}

export const isAllowedBookingTime = (start: Date, now: Date): boolean => bookingTimeProblem(start, now) === null;

/**
 * A move's date and start time on the London clock with every part named (weekday, day, month,
 * year, 24-hour time): the web app and the e-mails build their sentences from its parts.
 */
export const LONDON_MOVE_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_HOURS.timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
