import type { OfferSort } from '@vanhop/contracts';
import type { CardColumns } from './card-columns.js';
import type { Driver } from '@vanhop/contracts';
import type { RankedDriver } from './ranked-driver.js';

/**
 * The orders offers come in, defined once. Offers are compared as objects (offer-ranking.ts) and,
 * in a quote's pass over a whole fleet, as rows of the cards' typed-array columns
 * (rank-candidates.ts): both build their comparators from SORT_KEYS with the accessors below, so a
 * new order or tie-break is one edit here and the two cannot drift apart.
 */

/** The numbers offers are ordered by. */
export type SortKey = 'allIn' | 'total' | 'rating' | 'reviewCount' | 'freeAt';

/** One key of an order: `ascending` puts the smaller first. */
export interface KeyOrder {
  key: SortKey;
  ascending: boolean;
}

const up = (key: SortKey): KeyOrder => ({ key, ascending: true });
const down = (key: SortKey): KeyOrder => ({ key, ascending: false });

/**
 * Cheapest in all the customer pays (the total and the known charges on the day: a van that is not
 * ULEZ compliant costs £12.50 more on the day); a tie goes to the cheaper total, then the better rated.
 */
const CHEAPEST_IN_ALL: readonly KeyOrder[] = [up('allIn'), up('total'), down('rating')];

/**
 * Each order's keys, most significant first. What still ties after them goes by name, then id
 * (compareDrivers), so no two drivers ever tie.
 */
export const SORT_KEYS: Readonly<Record<OfferSort, readonly KeyOrder[]>> = {
  price: CHEAPEST_IN_ALL,
  /** Best rated first; a tie goes to the more reviewed, then the cheaper in all. */
  rating: [down('rating'), down('reviewCount'), ...CHEAPEST_IN_ALL],
  /** Soonest free first; a tie goes to the cheaper in all. */
  soonest: [up('freeAt'), ...CHEAPEST_IN_ALL],
};

/** Each key of an offer. */
export const OFFER_KEYS: Readonly<Record<SortKey, (r: RankedDriver) => number>> = {
  allIn: (r) => r.totalPence + (r.onTheDayPence ?? 0),
  total: (r) => r.totalPence,
  rating: (r) => r.driver.rating,
  reviewCount: (r) => r.driver.reviewCount,
  freeAt: (r) => r.freeAt,
};

/**
 * Each key's column, indexed by row: the card's own (rating, reviews) or the one quote's pass
 * writes (its totals, all-in prices and free times; see CardColumns.quoteTotal).
 */
export const ROW_KEYS: Readonly<Record<SortKey, (c: CardColumns) => Float64Array>> = {
  allIn: (c) => c.quoteAllIn,
  total: (c) => c.quoteTotal,
  rating: (c) => c.rating,
  reviewCount: (c) => c.reviewCount,
  freeAt: (c) => c.quoteFreeAt,
};

/** The last tie-break of every order: by name, then by id. */
export const compareDrivers = (a: Driver, b: Driver): number =>
  a.name.localeCompare(b.name) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** `sort`'s order over offers. */
export function offerComparator(sort: OfferSort): (a: RankedDriver, b: RankedDriver) => number {
  const keys = SORT_KEYS[sort].map((k) => ({ of: OFFER_KEYS[k.key], sign: k.ascending ? 1 : -1 }));
  return (a, b) => {
    for (const { of, sign } of keys) {
      const d = of(a) - of(b);
      if (d !== 0) return sign * d;
    }
    return compareDrivers(a.driver, b.driver);
  };
}

/**
 * `sort`'s order over rows of these columns, for one pass: it holds the columns' arrays as they are
 * now (a put that grows them replaces them). Plain loops over typed arrays: a quote compares thousands.
 */
export function rowComparator(columns: CardColumns, sort: OfferSort): (a: number, b: number) => number {
  const keys = SORT_KEYS[sort];
  const cols = keys.map((k) => ROW_KEYS[k.key](columns));
  const signs = keys.map((k) => (k.ascending ? 1 : -1));
  const n = keys.length;
  // Most rows differ on the first key: it is read without the loop.
  const [first, firstSign] = [cols[0]!, signs[0]!];
  return (a, b) => {
    const d0 = first[a]! - first[b]!;
    if (d0 !== 0) return firstSign * d0;
    for (let i = 1; i < n; i++) {
      const col = cols[i]!;
      const d = col[a]! - col[b]!;
      if (d !== 0) return signs[i]! * d;
    }
    return compareDrivers(columns.driverAt(a), columns.driverAt(b));
  };
}
