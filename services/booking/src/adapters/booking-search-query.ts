import type { Filter } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { driverKeysOf, searchKeysOf, type BookingSearchKeys, type SearchKeyQuery } from '../domain/search-keys.js';

/** Past every character a key can hold: `[p, p + END)` is every key starting with `p`. */
const END = '\uffff';

/**
 * Keys starting with `prefix`. The plain range lets the embedded store read the index between the
 * bounds; `$elemMatch` makes both bounds hold for one key, as MongoDB otherwise reads a range over an
 * array as "some key ≥ the start and some (maybe other) key < the end", and bounds its index read by it.
 */
function startsWith(field: 'searchKeys' | 'driverKeys', prefix: string): Filter {
  const range = { $gte: prefix, $lt: prefix + END };
  return { [field]: range, $and: [{ [field]: { $elemMatch: range } }], deletedAt: null };
}

/** The indexed reads of a staff search, one per key or code: each with its own index, merged by the caller. */
export function searchReads(match: SearchKeyQuery): Filter[] {
  const reads: Filter[] = [];
  if (match.code !== null) reads.push({ randomNumber: match.code, deletedAt: null });
  for (const p of match.prefixes) {
    reads.push(startsWith('searchKeys', p));
    if (p.startsWith('t:')) reads.push(startsWith('driverKeys', p));
  }
  for (const k of match.exact) reads.push({ searchKeys: k, deletedAt: null });
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
  if (!changesQuote && !changesDriver && (record === null || record.searchKeys !== undefined)) return {};
  const driver = (changesDriver ? set.driver : record?.driver) as StoredBooking['driver'];
  if (record === null && !('quote' in set)) return { driverKeys: driverKeysOf(driver) };
  const quote = { ...((set.quote ?? record?.quote) as StoredBooking['quote']) } as Record<string, unknown>;
  for (const k of dotted) if (!k.slice('quote.'.length).includes('.')) quote[k.slice('quote.'.length)] = set[k];
  return searchKeysOf({ quote: quote as unknown as StoredBooking['quote'], driver });
}
