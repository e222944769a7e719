import { londonClock } from '../booking-time.js';
import { minutesOfDay, WEEKDAYS, type Availability } from '../schemas/driver.js';

/** Holds and availability are reckoned in quarter hours, the booking time step (docs/SCREENS.md). */
export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;

export interface Window {
  start: Date;
  end: Date;
}

/**
 * The time a booked move keeps a driver busy: from the start for the billable hours (booked
 * hours, at least the driver's minimum). The loading estimate is part of the booked hours the
 * customer chose (the hour picker), so it is not added again.
 */
export function moveWindow(start: Date, bookedHours: number | undefined, minimumHours: number): Window {
  const hours = Math.max(bookedHours ?? 0, minimumHours);
  return { start, end: new Date(start.getTime() + hours * 3_600_000) };
}

/** Start of every quarter hour the window touches (a window off the grid still blocks whole slots). */
export function slotStarts(window: Window): Date[] {
  const first = Math.floor(window.start.getTime() / SLOT_MS) * SLOT_MS;
  const out: Date[] = [];
  for (let t = first; t < window.end.getTime(); t += SLOT_MS) out.push(new Date(t));
  return out;
}

const isoDate = (c: { year: number; month: number; day: number }) =>
  `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;

/** Monday = 0, as WEEKDAYS. */
const weekdayOf = (c: { year: number; month: number; day: number }) =>
  (new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay() + 6) % 7;

/**
 * Whether the driver works through the whole window: every quarter hour of it lies inside one of
 * the weekly periods of its own London day (so a move over midnight needs both days' hours), and
 * none falls on a day off. A driver who never set hours (the demo drivers among them) is not
 * limited at all: the product's own start times and hour picker (docs/SCREENS.md) are the only bounds, as before hours
 * existed, so a default here would silently drop offers customers could always book.
 */
export function availabilityCovers(availability: Availability | undefined, window: Window): boolean {
  if (!availability) return true;
  const a = availability;
  const daysOff = new Set(a.daysOff);
  for (const slot of slotStarts(window)) {
    const c = londonClock(slot);
    if (daysOff.has(isoDate(c))) return false;
    const from = c.hour * 60 + c.minute;
    const to = from + SLOT_MINUTES;
    const periods = a.weekly[WEEKDAYS[weekdayOf(c)]!] ?? [];
    if (!periods.some((p) => minutesOfDay(p.from) <= from && to <= minutesOfDay(p.to))) return false;
  }
  return true;
}

/** Whether any busy slot start (an ISO time) lies in one of the quarter hours the window touches. */
export function overlapsBusy(window: Window, busySlotStarts: Iterable<string>): boolean {
  // Compared as numbers against the window's slot range: most drivers have no busy slot at all, and
  // listing the window's slots as text for each of them was a share of every quote.
  const first = Math.floor(window.start.getTime() / SLOT_MS) * SLOT_MS;
  const end = window.end.getTime();
  for (const s of busySlotStarts) {
    const t = Date.parse(s);
    if (t >= first && t < end && (t - first) % SLOT_MS === 0) return true;
  }
  return false;
}

/** One quarter hour of a window as London clocks show it: its day, weekday and minute of the day. */
export interface LondonSlot {
  day: string;
  weekday: (typeof WEEKDAYS)[number];
  from: number;
}

/** The window's quarter hours in London time, worked out once for every driver with the same window. */
export const londonSlots = (window: Window): LondonSlot[] =>
  slotStarts(window).map((slot) => {
    const c = londonClock(slot);
    return { day: isoDate(c), weekday: WEEKDAYS[weekdayOf(c)]!, from: c.hour * 60 + c.minute };
  });

type Minutes = Partial<Record<(typeof WEEKDAYS)[number], { from: number; to: number }[]>>;
/** Each card's weekly hours as minutes of the day, worked out once per card (cards are frozen and shared). */
const minutesOf = new WeakMap<Availability, Minutes>();
const weeklyMinutes = (a: Availability): Minutes => {
  let m = minutesOf.get(a);
  if (!m) {
    m = {};
    for (const day of WEEKDAYS)
      m[day] = (a.weekly[day] ?? []).map((p) => ({ from: minutesOfDay(p.from), to: minutesOfDay(p.to) }));
    minutesOf.set(a, m);
  }
  return m;
};

/** Each card's answer for the last window asked about: quotes for the same move ask the same again. */
const lastAnswer = new WeakMap<Availability, { window: string; covers: boolean }>();

/**
 * availabilityCovers over slots already in London time (londonSlots): the same answer, for many
 * drivers at once. `window`: a key naming the slots (e.g. the window's start and end), to reuse the
 * card's answer when the same window is asked about again.
 */
export function availabilityCoversSlots(
  availability: Availability | undefined,
  slots: readonly LondonSlot[],
  window?: string,
): boolean {
  if (!availability) return true;
  const last = window === undefined ? undefined : lastAnswer.get(availability);
  if (last && last.window === window) return last.covers;
  const covers = coversSlots(availability, slots);
  if (window !== undefined) lastAnswer.set(availability, { window, covers });
  return covers;
}

function coversSlots(availability: Availability, slots: readonly LondonSlot[]): boolean {
  const weekly = weeklyMinutes(availability);
  for (const s of slots) {
    if (availability.daysOff.includes(s.day)) return false;
    const to = s.from + SLOT_MINUTES;
    if (!(weekly[s.weekday] ?? []).some((p) => p.from <= s.from && to <= p.to)) return false;
  }
  return true;
}
