import { minutesOfDay, shiftDay, WEEKDAYS, type Availability } from '@vanhop/contracts';

/** Monday = 0, as WEEKDAYS. */
const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * Hours a driver works over `days` days from `from`: their weekly periods on each day, none on a
 * day off. No hours set means offered at any time, which has no number: null.
 */
export function availableHours(
  availability: Availability | undefined | null,
  from: string,
  days: number,
): number | null {
  if (!availability) return null;
  const off = new Set(availability.daysOff);
  let minutes = 0;
  for (let i = 0; i < days; i++) {
    const day = shiftDay(from, i);
    if (off.has(day)) continue;
    for (const p of availability.weekly[WEEKDAYS[weekdayOf(day)]!] ?? [])
      minutes += minutesOfDay(p.to) - minutesOfDay(p.from);
  }
  return minutes / 60;
}
