import type { Filter } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import {
  driverKeysOf,
  placeKeyRange,
  searchKeysOf,
  type BookingSearchKeys,
  type SearchKeyQuery,
} from '../domain/search-keys.js';

/** Past every character a key can hold: `[p, p + END)` is every key starting with `p`. */
const END = '\uffff';

/**
 * Keys starting with `prefix`. The plain range lets the embedded store read the index between the
 * bounds; `$elemMatch` makes both bounds hold for one key, as MongoDB otherwise reads a range over an
 * array as "some key ≥ the start and some (maybe other) key < the end", and bounds its index read by it.
 */
function keyRange(field: 'searchKeys' | 'driverKeys', bounds: { gte: string; lt: string }): Filter {
  const range = { $gte: bounds.gte, $lt: bounds.lt };
  return { [field]: range, $and: [{ [field]: { $elemMatch: range } }], deletedAt: null };
}

const startsWith = (field: 'searchKeys' | 'driverKeys', prefix: string): Filter =>
  keyRange(field, { gte: prefix, lt: prefix + END });

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The reads of a place (`a:sw19`), widest last: the moves within 4, 16, 64 and 256 days of today,
 * then every day. The caller stops at the first that fills a page, so a district holding a fifth of
 * every move costs a few days' moves, not a year's.
 */
export function placeReads(exact: string, today: string | undefined): Filter[] {
  const reads: Filter[] = [];
  const at = today ? Date.parse(`${today}T00:00:00.000Z`) : Number.NaN;
  if (Number.isFinite(at))
    for (const span of [4, 16, 64, 256])
      reads.push(
        keyRange('searchKeys', placeKeyRange(exact, dayOf(at - span * DAY_MS), dayOf(at + (span + 1) * DAY_MS))),
      );
  reads.push(keyRange('searchKeys', placeKeyRange(exact)));
  return reads;
}

/** The indexed reads of a staff search by code and text, one per key: each with its own index, merged by the caller (places: placeReads). */
export function searchReads(match: SearchKeyQuery): Filter[] {
  const reads: Filter[] = [];
  if (match.code !== null) reads.push({ randomNumber: match.code, deletedAt: null });
  for (const p of match.prefixes) {
    reads.push(startsWith('searchKeys', p));
    if (p.startsWith('t:')) reads.push(startsWith('driverKeys', p));
  }
  return reads;
}

/** The staff search's order: newest move first, then newest saved. */
export function newestMoveFirst(a: StoredBooking, b: StoredBooking): number {
  const byMove = (b.quote?.date ?? '').localeCompare(a.quote?.date ?? '');
  return byMove !== 0 ? byMove : (b.date ?? '').localeCompare(a.date ?? '');
}

/**
 * The search keys a write must set beside `set`: recomputed when it changes the quote or the driver
 * (or the record has none yet), from the record as the write leaves it. `record` is null when the
 * write is not decided on a read record (then only what `set` holds is keyed).
 */
export function keysAfterSet(
  record: (StoredBooking & Partial<BookingSearchKeys>) | null,
  set: Record<string, unknown>,
): Partial<BookingSearchKeys> {
  const dotted = Object.keys(set).filter((k) => k.startsWith('quote.'));
  const changesQuote = 'quote' in set || dotted.length > 0;
  const changesDriver = 'driver' in set;
  const driver = (changesDriver ? set.driver : record?.driver) as StoredBooking['driver'];
  const out: Partial<BookingSearchKeys> = {};
  // Each array only when what it is made of is known: a write without the record leaves the other alone.
  if (changesDriver || (record !== null && record.driverKeys === undefined)) out.driverKeys = driverKeysOf(driver);
  const base = (set.quote ?? record?.quote) as StoredBooking['quote'] | undefined;
  if (base && (changesQuote || (record !== null && record.searchKeys === undefined))) {
    const quote = { ...base } as Record<string, unknown>;
    for (const k of dotted) if (!k.slice('quote.'.length).includes('.')) quote[k.slice('quote.'.length)] = set[k];
    out.searchKeys = searchKeysOf({ quote: quote as unknown as StoredBooking['quote'], driver }).searchKeys;
  }
  return out;
}
