import type { OfferSort } from '@vanhop/contracts';
import { OFFER_KEYS, offerComparator } from './offer-sort-keys.js';
import type { RankedDriver } from './ranked-driver.js';

export type { RankedDriver } from './ranked-driver.js';

type Compare = (a: RankedDriver, b: RankedDriver) => number;

/** What the customer pays this driver in all that is known: the total and the known charges on the day. */
export const allInPence = OFFER_KEYS.allIn;

// The orders are defined once, for offers and for rows alike: offer-sort-keys.ts.
/** Cheapest in all the customer pays first; a tie goes to the cheaper total, the better rated, then by name. */
export const byPriceAllIn: Compare = offerComparator('price');
/** Best rated first; a tie goes to the more reviewed, then the cheaper in all. */
export const byRating: Compare = offerComparator('rating');
/** Soonest free first; a tie goes to the cheaper in all. */
export const bySoonest: Compare = offerComparator('soonest');

export const RANKINGS: Record<OfferSort, Compare> = { price: byPriceAllIn, rating: byRating, soonest: bySoonest };

const first = (all: readonly RankedDriver[], compare: Compare): RankedDriver | undefined => {
  let best: RankedDriver | undefined;
  for (const r of all) if (!best || compare(r, best) < 0) best = r;
  return best;
};

/** The `k` first in `compare`'s order, sorted, without sorting everything (k is a page). */
function firstK(all: readonly RankedDriver[], k: number, compare: Compare): RankedDriver[] {
  const best: RankedDriver[] = [];
  for (const r of all) {
    if (best.length === k && compare(r, best[k - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(r, best[at - 1]!) < 0) at--;
    best.splice(at, 0, r);
    if (best.length > k) best.pop();
  }
  return best;
}

/** The cheapest, the best rated and the soonest free: on the first page whatever the order asked for. */
export const highlights = (all: readonly RankedDriver[]): RankedDriver[] => [
  ...new Set([first(all, byPriceAllIn), first(all, byRating), first(all, bySoonest)].filter((r) => r !== undefined)),
];

/**
 * One page of the drivers in `sort`'s order. The first page is the `limit` first, with the
 * cheapest, the best rated and the soonest free brought in (in place of the last) when they are
 * not among them; later pages carry on with the rest in order, so paging shows every driver once.
 */
export function offersPage(
  all: readonly RankedDriver[],
  sort: OfferSort,
  offset: number,
  limit: number,
): RankedDriver[] {
  const compare = RANKINGS[sort];
  const must = highlights(all);
  const top = firstK(all, Math.max(limit, must.length), compare);
  const missing = must.filter((h) => !top.includes(h));
  const kept = top.filter((r) => must.includes(r) || top.indexOf(r) < limit);
  // Drop from the end (the last that are not highlights) to make room.
  while (kept.length + missing.length > Math.max(limit, must.length)) {
    const at = kept.findLastIndex((r) => !must.includes(r));
    kept.splice(at, 1);
  }
  const firstPage = [...kept, ...missing].sort(compare);
  if (offset === 0) return firstPage;
  const onFirst = new Set(firstPage);
  const rest = all.filter((r) => !onFirst.has(r)).sort(compare);
  return [...firstPage, ...rest].slice(offset, offset + limit);
}

/** Offer filters in the domain's units (pence): see OfferFilter in contracts. */
export interface RankedFilter {
  minRating?: number;
  maxAllInPence?: number;
  ulezCompliant?: boolean;
}

/** Whether a filter asks for anything: an empty one leaves every driver in. */
export const filtersAnything = (f: RankedFilter | undefined): f is RankedFilter =>
  !!f && (f.minRating !== undefined || f.maxAllInPence !== undefined || f.ulezCompliant === true);

/**
 * The drivers the customer's filters keep. Applied before paging, so the count, the pages and the
 * highlights (cheapest, best rated, soonest free) are all taken among what matches.
 */
export function matchingOffers(all: readonly RankedDriver[], filter: RankedFilter | undefined): RankedDriver[] {
  if (!filtersAnything(filter)) return [...all];
  return all.filter(
    (r) =>
      (filter.minRating === undefined || r.driver.rating >= filter.minRating) &&
      (filter.maxAllInPence === undefined || allInPence(r) <= filter.maxAllInPence) &&
      (filter.ulezCompliant !== true || r.driver.ulezCompliant),
  );
}
