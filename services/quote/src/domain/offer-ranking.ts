import type { OfferSort } from '@vanhop/contracts';
import type { Driver } from './driver.js';

/** A driver who can take the move, with what ranking needs: their total and when they are free. */
export interface RankedDriver {
  driver: Driver;
  totalPence: number;
  /** When the driver is free (ms since the epoch; smaller is sooner): see PriceMove's soonestFree. */
  freeAt: number;
}

type Compare = (a: RankedDriver, b: RankedDriver) => number;

const byName: Compare = (a, b) =>
  a.driver.name.localeCompare(b.driver.name) ||
  (a.driver._id < b.driver._id ? -1 : a.driver._id > b.driver._id ? 1 : 0);

/** Cheapest first; a tie goes to the better rated, then by name (the order quotes always had). */
export const byPrice: Compare = (a, b) =>
  a.totalPence - b.totalPence || b.driver.rating - a.driver.rating || byName(a, b);
/** Best rated first; a tie goes to the more reviewed, then the cheaper. */
export const byRating: Compare = (a, b) =>
  b.driver.rating - a.driver.rating || b.driver.reviewCount - a.driver.reviewCount || byPrice(a, b);
/** Soonest free first; a tie goes to the cheaper. */
export const bySoonest: Compare = (a, b) => a.freeAt - b.freeAt || byPrice(a, b);

export const RANKINGS: Record<OfferSort, Compare> = { price: byPrice, rating: byRating, soonest: bySoonest };

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
  ...new Set([first(all, byPrice), first(all, byRating), first(all, bySoonest)].filter((r) => r !== undefined)),
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
