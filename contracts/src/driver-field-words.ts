/**
 * A driver's changed fields in words: the quote service records changes by dotted path
 * (`card.vanPerHourPence.Large`, pence), and both the driver's "profile changed" mail and the staff
 * change history read them here, so the two say the same thing ("Large van per hour: £40.00 → £42.00").
 */
import { HELP_LEVELS, VAN_SIZES } from './constants.js';
import { formatPence } from './money.js';
import { WEEKDAYS, type Weekday } from './schemas/driver.js';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The price card's numbers and hours, by their path inside the card. */
const CARD_LABELS: Record<string, string> = {
  ...Object.fromEntries(VAN_SIZES.map((v) => [`vanPerHourPence.${v}`, `${v} van per hour`])),
  ...Object.fromEntries(HELP_LEVELS.map((h) => [`helpersPerHourPence.${h}`, `Help, ${h}, per hour`])),
  ...Object.fromEntries(
    HELP_LEVELS.map((h) => [`stairPerFlightPerHourPence.${h}`, `Stairs per flight per hour, ${h}`]),
  ),
  mileagePencePerMile: 'Mileage per mile',
  freeRouteUnderMiles: 'Free route under (miles)',
  viaStopPence: 'Via stop',
  lateBookingPence: 'Late booking fee',
  lateBookingWithinMinutes: 'Late booking within (minutes)',
  outOfHoursPence: 'Out-of-hours fee',
  minimumHours: 'Minimum hours',
  outOfHoursStartHours: 'Out-of-hours start hours',
};

const PROFILE_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  vanSizes: 'Van sizes',
  helpLevels: 'Help levels',
  basePostcode: 'Base postcode',
  serviceRadiusMiles: 'Service radius (miles)',
  ulezCompliant: 'ULEZ compliant',
  active: 'Active',
  photo: 'Photo',
  photoUrl: 'Photo',
  availability: 'Working hours',
  'availability.daysOff': 'Days off',
  ...Object.fromEntries(WEEKDAYS.map((d) => [`availability.${d}`, `Hours on ${DAY_NAMES[d]}`])),
  ...Object.fromEntries(Object.entries(CARD_LABELS).map(([path, label]) => [`card.${path}`, label])),
  'cardBounds.outOfHoursStartHours': 'Out-of-hours start hours the driver may choose',
  'documents.insurance': 'Insurance',
  'documents.licence': 'Driving licence',
};

/** The words for a changed field; a field without words yet shows its path rather than nothing. */
export function driverFieldLabel(field: string): string {
  const known = PROFILE_LABELS[field];
  if (known) return known;
  const bound = /^cardBounds\.(min|max)\.(.+)$/.exec(field);
  const card = bound ? CARD_LABELS[bound[2]!] : undefined;
  if (bound && card) return `${card}: ${bound[1] === 'min' ? 'lowest' : 'highest'} the driver may set`;
  return field;
}

const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
const clockEnd = (h: number) => `${String(h).padStart(2, '0')}:59`;

/** Clock hours a move may start in (6, 19, 20) as time ranges: "06:00-06:59, 19:00-20:59". */
function startHours(hours: readonly unknown[]): string {
  const sorted = [...new Set(hours.filter((h): h is number => typeof h === 'number'))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    runs.push(`${clock(first)}-${clockEnd(sorted[i]!)}`);
  }
  return runs.join(', ') || '(none)';
}

/** A changed field's value in words: money in pounds, yes/no, lists with commas, nothing as "(none)". */
export function driverFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) {
    if (field.endsWith('outOfHoursStartHours')) return startHours(value);
    return value.length ? value.join(', ') : '(none)';
  }
  if (typeof value === 'number') return field.includes('Pence') ? formatPence(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One change as a line: "Large van per hour: £40.00 → £42.00". */
export const driverChangeLine = (c: { field: string; from?: unknown; to?: unknown }): string =>
  `${driverFieldLabel(c.field)}: ${driverFieldValue(c.field, c.from)} → ${driverFieldValue(c.field, c.to)}`;
