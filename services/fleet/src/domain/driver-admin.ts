import { DRIVER_MSG, WEEKDAYS, type Availability, type CardBounds, type CardNumbers } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import { HOUSE_CARD, type PriceCard } from '@vanhop/contracts';

/** Every number of a card by dotted path (`vanPerHourPence.Small`): the unit bounds and audits work on. */
export function flattenNumbers(card: CardNumbers | PriceCard): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(card)) {
    if (key === 'outOfHoursStartHours') continue;
    if (typeof value === 'number') out[key] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, n] of Object.entries(value as Record<string, number>)) out[`${key}.${sub}`] = n;
    }
  }
  return out;
}

const mapNumbers = (card: CardNumbers, f: (n: number, path: string) => number): CardNumbers => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(card)) {
    if (typeof value === 'number') out[key] = f(value, key);
    else
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, number>).map(([sub, n]) => [sub, f(n, `${key}.${sub}`)]),
      );
  }
  return out as CardNumbers;
};

const numbersOf = (card: PriceCard): CardNumbers => {
  const { outOfHoursStartHours: _hours, ...numbers } = card;
  return numbers;
};

/**
 * The clock hours a card may count as out of hours unless staff bound them otherwise: before 07:00
 * and from 19:00 (the house card charges 06:xx, 19:xx and 20:xx), never the working day between.
 */
export const DEFAULT_OUT_OF_HOURS_BOUND: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 19, 20, 21, 22, 23];

/**
 * Bounds for drivers staff have not bounded yet (demo drivers, new ones without bounds): half to
 * double the house card's money, on 50p steps, so a driver can move their prices but not
 * undercut everyone to nothing or price themselves out by a typo. Non-money fields keep sane ranges.
 */
export function defaultBounds(): CardBounds {
  const house = numbersOf(HOUSE_CARD);
  const fixed: Record<string, [number, number]> = {
    freeRouteUnderMiles: [0, 20],
    lateBookingWithinMinutes: [0, 240],
    minimumHours: [1, 4],
  };
  const round50 = (n: number) => Math.round(n / 50) * 50;
  return {
    min: mapNumbers(house, (n, path) => fixed[path]?.[0] ?? round50(n * 0.5)),
    max: mapNumbers(house, (n, path) => fixed[path]?.[1] ?? round50(n * 2)),
    outOfHoursStartHours: [...DEFAULT_OUT_OF_HOURS_BOUND],
  };
}

/** A driver's bounds as they apply: the defaults when staff set none, the default hours when bounds predate them. */
export function boundsOf(driver: Pick<Driver, 'cardBounds'>): CardBounds {
  const bounds = driver.cardBounds ?? defaultBounds();
  return bounds.outOfHoursStartHours ? bounds : { ...bounds, outOfHoursStartHours: [...DEFAULT_OUT_OF_HOURS_BOUND] };
}

/** "0-6, 19-23": sorted hours with runs joined. */
const hourRanges = (hours: readonly number[]): string => {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    runs.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return runs.join(', ') || 'none';
};

/** Each bound whose minimum is above its maximum, by `cardBounds.min.<path>`. */
export function boundsProblems(bounds: CardBounds): Record<string, string> {
  const min = flattenNumbers(bounds.min);
  const max = flattenNumbers(bounds.max);
  const problems: Record<string, string> = {};
  for (const [path, lo] of Object.entries(min))
    if (lo > (max[path] ?? Infinity)) problems[`cardBounds.min.${path}`] = DRIVER_MSG.boundsOrder;
  return problems;
}

/** Each number of a card outside its bounds, by `card.<path>`, with the range in the message. */
export function cardOutsideBounds(card: PriceCard, bounds: CardBounds): Record<string, string> {
  const min = flattenNumbers(bounds.min);
  const max = flattenNumbers(bounds.max);
  const problems: Record<string, string> = {};
  for (const [path, n] of Object.entries(flattenNumbers(card))) {
    const lo = min[path] ?? 0;
    const hi = max[path] ?? Infinity;
    if (n < lo || n > hi) problems[`card.${path}`] = DRIVER_MSG.outsideBounds(lo, hi);
  }
  const allowed = boundsOf({ cardBounds: bounds }).outOfHoursStartHours!;
  if (card.outOfHoursStartHours.some((h) => !allowed.includes(h)))
    problems['card.outOfHoursStartHours'] = DRIVER_MSG.hoursOutsideBounds(hourRanges(allowed));
  return problems;
}

type Audited = Record<string, unknown>;

/** The fields an audit entry records, flattened so one changed rate is one line, not a whole card. */
export function auditedFields(driver: Partial<Driver>): Audited {
  const out: Audited = {};
  for (const key of [
    'name',
    'email',
    'phone',
    'vanSizes',
    'helpLevels',
    'basePostcode',
    'serviceRadiusMiles',
    'ulezCompliant',
    'active',
  ] as const) {
    if (driver[key] !== undefined) out[key] = driver[key];
  }
  // A photo can be a 200 KB data URL: the audit says it changed, not what it was.
  if (driver.photoUrl !== undefined)
    out.photo = driver.photoUrl
      ? driver.photoUrl.startsWith('data:')
        ? `uploaded image (${driver.photoUrl.length} chars)`
        : driver.photoUrl
      : '';
  if (driver.card) {
    for (const [path, n] of Object.entries(flattenNumbers(driver.card))) out[`card.${path}`] = n;
    out['card.outOfHoursStartHours'] = driver.card.outOfHoursStartHours;
  }
  if (driver.availability !== undefined) Object.assign(out, availabilityLines(driver.availability));
  if (driver.cardBounds) {
    for (const [path, n] of Object.entries(flattenNumbers(driver.cardBounds.min))) out[`cardBounds.min.${path}`] = n;
    for (const [path, n] of Object.entries(flattenNumbers(driver.cardBounds.max))) out[`cardBounds.max.${path}`] = n;
    if (driver.cardBounds.outOfHoursStartHours)
      out['cardBounds.outOfHoursStartHours'] = driver.cardBounds.outOfHoursStartHours;
  }
  return out;
}

/** Hours as audit lines: one per weekday ("08:00-12:00, 13:00-18:00", or "off") and the days off. */
export function availabilityLines(availability: Availability | null): Audited {
  if (!availability) return { availability: 'any time' };
  const out: Audited = {};
  for (const day of WEEKDAYS)
    out[`availability.${day}`] = availability.weekly[day].map((p) => `${p.from}-${p.to}`).join(', ') || 'off';
  out['availability.daysOff'] = [...availability.daysOff].sort().join(', ');
  return out;
}

/** field → {from, to} for every audited field that differs (absent before: from null). */
export function diffDrivers(
  before: Partial<Driver> | null,
  after: Partial<Driver>,
): Record<string, { from: unknown; to: unknown }> {
  const a = before ? auditedFields(before) : {};
  const b = auditedFields(after);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(key in b)) continue;
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key])) changes[key] = { from: a[key] ?? null, to: b[key] };
  }
  return changes;
}
