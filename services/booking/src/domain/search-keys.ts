import type { StoredBooking } from './booking-record.js';

/**
 * The keys the staff search finds a booking by, kept on the record (`searchKeys`, `driverKeys`)
 * so a search is a range or an exact read of one index, never a scan. Each key says what it is:
 *
 * - `t:` text: the customer's whole name and each word of it, the e-mail whole, its local part
 *   and its domain, and each word of the places and street addresses (a search matches the start
 *   of one of these: "jan" finds "Jane Doe", "brown.example" finds "bob@brown.example");
 * - `p:` phone digits, as typed and in national form ("+44 7700 900999" is also "07700900999"
 *   and "7700900999"): a search matches their start;
 * - `a:` a postcode district and a full postcode without its space, with the move's day
 *   ("a:sw19|2026-12-01", "a:sw197nb|2026-12-01"): a search matches the place exactly (SW1 is not
 *   SW19), and reads it day range by day range around today, as a district may hold a fifth of
 *   every move.
 *
 * The driver's whole name and each word of it go in `driverKeys` (`t:` keys too), apart from the
 * customer's: a change of driver rewrites them in the same single-document write.
 */
export interface BookingSearchKeys {
  searchKeys: string[];
  driverKeys: string[];
}

/** Longer keys are cut: a search reads by a key's start, and nobody types a whole street. */
const MAX_KEY = 60;

const OUTCODE = /^[a-z]{1,2}\d[a-z\d]?$/;
const INWARD = /^\d[a-z]{2}$/;
const POSTCODE = /\b([a-z]{1,2}\d[a-z\d]?)\s*(\d[a-z]{2})\b/g;

/** Lower case, single spaces: how a name or a query is kept and compared. */
export const normalText = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

const words = (s: string): string[] =>
  normalText(s)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

const text = (s: string) => `t:${s.slice(0, MAX_KEY)}`;

function nameKeys(name: string | undefined | null, into: Set<string>): void {
  if (typeof name !== 'string' || name.trim() === '') return;
  into.add(text(normalText(name)));
  for (const w of words(name)) into.add(text(w));
}

/** The forms of a phone number a search may start with: as typed, national (0...) and without the 0. */
export function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 0) return [];
  const national = digits.startsWith('44') ? `0${digits.slice(2)}` : digits;
  const forms = new Set([digits, national]);
  if (national.startsWith('0')) forms.add(national.slice(1));
  return [...forms].filter((f) => f.length > 0);
}

/** A place's key on the day of the move: `a:<place>|<YYYY-MM-DD>` (see placeKeyRange). */
export const placeKey = (place: string, day: string): string => `a:${place}|${day}`;

/** The keys of a place (`a:sw19`, exact) on the days from `fromDay` up to (not including) `toDay`; open ends when absent. */
export function placeKeyRange(exact: string, fromDay?: string, toDay?: string): { gte: string; lt: string } {
  return { gte: `${exact}|${fromDay ?? ''}`, lt: `${exact}|${toDay ?? '\uffff'}` };
}

function placeKeys(place: string | undefined | null, day: string, into: Set<string>): void {
  if (typeof place !== 'string') return;
  const lower = place.toLowerCase();
  for (const w of words(lower)) {
    // A district is found whole (SW1 is not SW19), never by its start as a word is.
    if (OUTCODE.test(w)) into.add(placeKey(w, day));
    else if (!INWARD.test(w)) into.add(text(w));
  }
  for (const m of lower.matchAll(POSTCODE)) {
    into.add(placeKey(m[1]!, day));
    into.add(placeKey(`${m[1]}${m[2]}`, day));
  }
}

/** The customer's, the places' and the driver's keys of a record (or of the quote and driver it is about to have). */
export function searchKeysOf(record: Pick<StoredBooking, 'quote' | 'driver'>): BookingSearchKeys {
  const q = record.quote as Partial<StoredBooking['quote']> | undefined;
  const keys = new Set<string>();
  nameKeys(q?.name, keys);
  if (typeof q?.email === 'string' && q.email.trim() !== '') {
    const email = q.email.trim().toLowerCase();
    keys.add(text(email));
    const at = email.lastIndexOf('@');
    if (at > 0) {
      keys.add(text(email.slice(0, at)));
      keys.add(text(email.slice(at + 1)));
    }
  }
  if (typeof q?.phone === 'string') for (const f of phoneForms(q.phone)) keys.add(`p:${f}`);
  const day = typeof q?.date === 'string' ? q.date.slice(0, 10) : '';
  for (const p of q?.places ?? []) placeKeys(p, day, keys);
  for (const a of q?.totalAddress ?? []) {
    placeKeys(a?.location, day, keys);
    placeKeys(a?.physicalAddress, day, keys);
  }
  return { searchKeys: [...keys].sort(), driverKeys: driverKeysOf(record.driver) };
}

/** The keys of the driver's name (none without a driver). */
export function driverKeysOf(driver: { name?: string } | null | undefined): string[] {
  const keys = new Set<string>();
  nameKeys(driver?.name, keys);
  return [...keys].sort();
}

/** What a staff query reads: each a key's start (`prefixes`) or a whole key (`exact`), and a retrieve code. */
export interface SearchKeyQuery {
  code: number | null;
  /** Today (YYYY-MM-DD): places are read around it first. */
  today?: string;
  /** Keys whose start is one of these (`t:` text, `p:` phone digits). */
  prefixes: string[];
  /** Places (`a:` postcode or district) matched whole, on any day (placeKeyRange). */
  exact: string[];
}

/** The keys a query (already trimmed) is looked up by. */
export function searchKeyQuery(q: string, today?: string): SearchKeyQuery {
  const code = /^\d{1,8}$/.test(q) ? Number(q) : null;
  const prefixes = [text(normalText(q))];
  const digits = q.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(digits)) prefixes.push(`p:${digits}`);
  const compact = q.replace(/\s+/g, '').toLowerCase();
  const pc = /^([a-z]{1,2}\d[a-z\d]?)(\d[a-z]{2})?$/.exec(compact);
  const exact = pc ? [`a:${pc[1]}${pc[2] ?? ''}`] : [];
  return { code, prefixes, exact, ...(today ? { today } : {}) };
}
