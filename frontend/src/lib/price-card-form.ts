/**
 * A driver's price card as the forms edit it. The wire is integer pence (priceCardSchema); the inputs
 * show money in pounds, so the values here are the inputs' strings keyed exactly like the wire card
 * (`vanPerHourPence.Small`): a validation or server error for `card.vanPerHourPence.Small` lands on
 * the input of the same name. Shared by the staff driver form and the driver portal's Prices page.
 */
import {
  DRIVER_MSG,
  HELP_LEVELS,
  VAN_SIZES,
  formatPence,
  penceToPounds,
  poundsToPence,
  type CardBounds,
  type CardNumbers,
  type PriceCardWire,
} from '@vanhop/contracts';

export type CardUnit = 'pounds' | 'miles' | 'minutes' | 'hours';

/** One number of a card: its dotted wire path, the input's label and what the number counts. */
export interface CardField {
  path: string;
  label: string;
  unit: CardUnit;
}

export interface CardGroup {
  title: string;
  fields: CardField[];
}

export const CARD_GROUPS: CardGroup[] = [
  {
    title: 'Van per hour',
    fields: VAN_SIZES.map((v) => ({ path: `vanPerHourPence.${v}`, label: `Van per hour, ${v} (£)`, unit: 'pounds' })),
  },
  {
    title: 'Help per hour',
    fields: HELP_LEVELS.map((h) => ({
      path: `helpersPerHourPence.${h}`,
      label: `Help per hour, ${h} (£)`,
      unit: 'pounds',
    })),
  },
  {
    title: 'Stairs: per flight, per hour',
    fields: HELP_LEVELS.map((h) => ({
      path: `stairPerFlightPerHourPence.${h}`,
      label: `Stairs per flight per hour, ${h} (£)`,
      unit: 'pounds',
    })),
  },
  {
    title: 'Travel',
    fields: [
      { path: 'mileagePencePerMile', label: 'Mileage per mile (£)', unit: 'pounds' },
      { path: 'freeRouteUnderMiles', label: 'Free route under (miles)', unit: 'miles' },
      { path: 'viaStopPence', label: 'Via stop (£)', unit: 'pounds' },
    ],
  },
  {
    title: 'Surcharges and minimum',
    fields: [
      { path: 'lateBookingPence', label: 'Late booking fee (£)', unit: 'pounds' },
      { path: 'lateBookingWithinMinutes', label: 'Late booking within (minutes)', unit: 'minutes' },
      { path: 'outOfHoursPence', label: 'Out-of-hours fee (£)', unit: 'pounds' },
      { path: 'minimumHours', label: 'Minimum hours', unit: 'hours' },
    ],
  },
];

export const CARD_FIELDS: CardField[] = CARD_GROUPS.flatMap((g) => g.fields);
const FIELD_BY_PATH = new Map(CARD_FIELDS.map((f) => [f.path, f]));

/** The card's one list: clock hours from which a booking counts as out of hours. */
export const START_HOURS_PATH = 'outOfHoursStartHours';
export const START_HOURS_LABEL = 'Out-of-hours start hours';
export const START_HOURS_HINT = 'Clock hours 0 to 23, separated by commas (e.g. 6, 20, 21)';

/** A pounds input holds pounds: the schema's "in pence" text would mislead there. */
export const POUNDS_MSG = 'Enter an amount in pounds from £0 to £1000, e.g. 25 or 25.50';

/** The inputs of a card's numbers: `{vanPerHourPence: {Small: '45.00'}, minimumHours: '2'}`. */
export type NumbersForm = Record<string, string | Record<string, string>>;
export type CardForm = NumbersForm & { outOfHoursStartHours: string };
export interface BoundsForm {
  min: NumbersForm;
  max: NumbersForm;
}

// ---- dotted paths over two levels --------------------------------------------------------------

function getPath(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = obj;
  for (const key of keys.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = value;
}

// ---- numbers <-> inputs ------------------------------------------------------------------------

/** A stored number as its input shows it: money in pounds with pence, the rest as is. */
export function toInput(unit: CardUnit, n: unknown): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return unit === 'pounds' ? penceToPounds(n).toFixed(2) : String(n);
}

/**
 * An input as the wire number: pounds become whole pence. Anything that is not a plain amount
 * (blank, "abc", "-3", "1.234") becomes NaN so the schema reports the field.
 */
export function fromInput(unit: CardUnit, text: string): number {
  const s = text.trim();
  if (unit === 'pounds') {
    const pounds = s.replace(/^£\s*/, '');
    return /^\d+(\.\d{1,2})?$/.test(pounds) ? poundsToPence(Number(pounds)) : Number.NaN;
  }
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

export const startHoursToInput = (hours: readonly number[] | undefined): string => (hours ?? []).join(', ');

export function startHoursFromInput(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((h) => (/^\d{1,2}$/.test(h) ? Number(h) : Number.NaN));
}

export function numbersToForm(numbers: Partial<CardNumbers> | undefined): NumbersForm {
  const out: Record<string, unknown> = {};
  for (const f of CARD_FIELDS) setPath(out, f.path, toInput(f.unit, getPath(numbers, f.path)));
  return out as NumbersForm;
}

export function numbersFromForm(form: NumbersForm): CardNumbers {
  const out: Record<string, unknown> = {};
  for (const f of CARD_FIELDS) {
    const text = getPath(form, f.path);
    setPath(out, f.path, fromInput(f.unit, typeof text === 'string' ? text : ''));
  }
  return out as CardNumbers;
}

export const cardToForm = (card: PriceCardWire | undefined): CardForm => ({
  ...numbersToForm(card),
  outOfHoursStartHours: startHoursToInput(card?.outOfHoursStartHours),
});

export const cardFromForm = (form: CardForm): PriceCardWire => ({
  ...numbersFromForm(form),
  outOfHoursStartHours: startHoursFromInput(form.outOfHoursStartHours),
});

/** Whether `v` has the shape of a card's inputs (a form kept across signing in again): every number's input and the hours as text. */
export const isCardForm = (v: unknown): v is CardForm =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as { outOfHoursStartHours?: unknown }).outOfHoursStartHours === 'string' &&
  CARD_FIELDS.every((f) => typeof getPath(v, f.path) === 'string');

/** A card of zeros (and no out-of-hours hours): a new driver's starting point when there is no card to copy. */
export const ZERO_CARD: PriceCardWire = (() => {
  const out: Record<string, unknown> = { outOfHoursStartHours: [] };
  for (const f of CARD_FIELDS) setPath(out, f.path, 0);
  return out as PriceCardWire;
})();

export const boundsToForm = (bounds: CardBounds | undefined): BoundsForm => ({
  min: numbersToForm(bounds?.min),
  max: numbersToForm(bounds?.max),
});

/** Whether no bound was filled in: a new driver then gets the service's default bounds. */
export const boundsBlank = (form: BoundsForm): boolean =>
  CARD_FIELDS.every(
    (f) =>
      String(getPath(form.min, f.path) ?? '').trim() === '' && String(getPath(form.max, f.path) ?? '').trim() === '',
  );

export const boundsFromForm = (form: BoundsForm): CardBounds => ({
  min: numbersFromForm(form.min),
  max: numbersFromForm(form.max),
});

// ---- bounds ------------------------------------------------------------------------------------

/** A number in its unit for people: `£15.00`, `20 miles`, `90 minutes`, `2 hours`. */
export function formatCardNumber(unit: CardUnit, n: number): string {
  switch (unit) {
    case 'pounds':
      return formatPence(n);
    case 'miles':
      return `${n} miles`;
    case 'minutes':
      return `${n} minutes`;
    case 'hours':
      return `${n} hours`;
  }
}

const bare = (unit: CardUnit, n: number) => (unit === 'pounds' ? formatCardNumber(unit, n) : String(n));

/** What a driver may set one number to: "£15.00 – £40.00", "0 – 20 miles". */
export function rangeText(field: CardField, bounds: CardBounds): string | null {
  const lo = getPath(bounds.min, field.path);
  const hi = getPath(bounds.max, field.path);
  if (typeof lo !== 'number' || typeof hi !== 'number') return null;
  return field.unit === 'pounds'
    ? `${bare(field.unit, lo)} – ${bare(field.unit, hi)}`
    : `${lo} – ${formatCardNumber(field.unit, hi)}`;
}

/** Each number of a card outside its bounds, by the number's path, as the service checks them. */
export function cardOutsideBounds(card: CardNumbers, bounds: CardBounds): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of CARD_FIELDS) {
    const n = getPath(card, f.path);
    const lo = getPath(bounds.min, f.path);
    const hi = getPath(bounds.max, f.path);
    if (typeof n !== 'number' || !Number.isFinite(n)) continue;
    const min = typeof lo === 'number' && Number.isFinite(lo) ? lo : 0;
    const max = typeof hi === 'number' && Number.isFinite(hi) ? hi : Infinity;
    if (n < min || n > max) problems[f.path] = `Must be from ${bare(f.unit, min)} to ${bare(f.unit, max)}`;
  }
  return problems;
}

/** Each minimum above its maximum, by the number's path. */
export function boundsOutOfOrder(bounds: CardBounds): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of CARD_FIELDS) {
    const lo = getPath(bounds.min, f.path);
    const hi = getPath(bounds.max, f.path);
    if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) problems[f.path] = DRIVER_MSG.boundsOrder;
  }
  return problems;
}

/**
 * The text to show beside a card input: for money shown in pounds, the schema's pence wording and
 * the service's "Must be from 1500 to 4000" (pence) are put in pounds.
 */
export function cardMessage(path: string, message: string): string {
  const field = FIELD_BY_PATH.get(path);
  if (field?.unit !== 'pounds') return message;
  if (message === DRIVER_MSG.pence) return POUNDS_MSG;
  const range = /^Must be from (\d+) to (\d+)$/.exec(message);
  return range ? `Must be from ${bare('pounds', Number(range[1]))} to ${bare('pounds', Number(range[2]))}` : message;
}

/**
 * Field texts by input name from a failed schema validation or a 400's `errors`: list items
 * (`outOfHoursStartHours[2]`, `vanSizes[0]`) go to their list's input, and money texts under
 * `card.`, `cardBounds.min.`, `cardBounds.max.` (or a bare card path) are put in pounds.
 */
export function fieldTexts(
  errors: Record<string, string>,
  cardPrefixes: readonly string[] = ['card.', 'cardBounds.min.', 'cardBounds.max.', ''],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawPath, message] of Object.entries(errors)) {
    const path = rawPath.replace(/\[\d+\]/g, '');
    if (Object.hasOwn(out, path)) continue;
    const prefix = cardPrefixes.find((p) => path.startsWith(p) && FIELD_BY_PATH.has(path.slice(p.length)));
    out[path] = prefix === undefined ? message : cardMessage(path.slice(prefix.length), message);
  }
  return out;
}

interface ValidatesSchema {
  validate(value: unknown, options: { abortEarly: false }): Promise<unknown>;
}

/** The schema's field texts for a value (empty when it passes), by yup's dotted paths. */
export async function schemaErrors(schema: ValidatesSchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    const e = err as { inner?: { path?: string; message: string }[]; path?: string; message?: string };
    const items = e.inner?.length ? e.inner : [e];
    const out: Record<string, string> = {};
    for (const item of items) {
      const path = item.path || '_';
      if (!Object.hasOwn(out, path) && item.message) out[path] = item.message;
    }
    return out;
  }
}
