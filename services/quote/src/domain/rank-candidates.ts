import type { OfferSort } from '@vanhop/contracts';
import type { CardColumns, MoveNumbers } from './card-columns.js';
import { filtersAnything, type RankedFilter } from './offer-ranking.js';
import { rowComparator } from './offer-sort-keys.js';

/** What rules candidates out and when each is free, worked out before the pass (app/candidate-time.ts). */
export interface CandidateRules {
  /**
   * Asked only for a row whose card has hours or documents (`flags`, see CardColumns): false rules
   * the driver out. `minimumHours`: of the card the driver is priced on.
   */
  cardAllows(slot: number, minimumHours: number, flags: number): boolean;
  /** Rows already ruled out (busy in the window, no time to get there): a few, whatever the fleet. */
  ruledOut: ReadonlySet<number>;
  /** When each driver is free (ms since the epoch): `freeAt`'s time, or `freeFrom` for the rest. */
  freeFrom: number;
  freeAt: ReadonlyMap<number, number>;
  /** One row priced on another card than its own (the card a booking was made at). */
  override?: { slot: number; minimumHours: number; totalPence: number };
  /**
   * The known charges on the day (ULEZ, congestion), by whether the van is ULEZ compliant: the
   * price order counts them (offer-ranking.ts's byPriceAllIn). Absent: none.
   */
  onTheDayPence?: { compliant: number; notCompliant: number };
}

/** Which rows to keep beyond the count: the first `first` in `sort`'s order, `named`'s, or everyone's. */
export interface CandidateSelection {
  sort: OfferSort;
  first: number;
  named?: number;
  everyone?: boolean;
  /** Also keep this many cheapest of every candidate, ruled out or not, in price order (`cheapestFirst`). */
  cheapest?: number;
  /** The customer's filters: the count, the pages and the highlights are of the rows they keep. */
  filter?: RankedFilter;
}

/** A candidate who can take the move, with their total and when they are free. */
export interface RankedRow {
  slot: number;
  totalPence: number;
  freeAt: number;
  /** The known charges on the day for this driver's van (see CandidateRules.onTheDayPence). */
  onTheDayPence: number;
}

export interface CandidatePass {
  /** How many of the candidates can take the move (and match the filter, when one is given). */
  count: number;
  /**
   * The first `first` in the sort's order, and the cheapest, the best rated and the soonest free
   * (offer-ranking.ts's highlights): every row any page up to `first` can show, in no order.
   */
  picked: RankedRow[];
  /** The cheapest in all of those who can take the move, filtered out or not (the driver a quote is priced from). */
  cheapest: RankedRow | undefined;
  named: RankedRow | undefined;
  /** Every row that can take the move, when asked for (`everyone`). */
  everyone: RankedRow[] | null;
  /** The `cheapest` cheapest candidates whatever rules them out now (another day's may not), cheapest first; else empty. */
  cheapestFirst: RankedRow[];
}

/** Puts `s` among the `k` first of `best[0, kept)` (in `compare`'s order) when it belongs there; answers how many are kept. */
function keepFirst(best: Int32Array, kept: number, k: number, s: number, compare: (a: number, b: number) => number) {
  // Most candidates are not among them, and cost one comparison.
  if (k === 0 || (kept === k && compare(s, best[kept - 1]!) >= 0)) return kept;
  let at = kept < k ? kept++ : kept - 1;
  while (at > 0 && compare(s, best[at - 1]!) < 0) {
    best[at] = best[at - 1]!;
    at--;
  }
  best[at] = s;
  return kept;
}

/**
 * One pass over the candidates: rules them out by card (hours, documents), busy time and travel,
 * prices the rest from the cards' columns, and keeps only the few any page needs, without sorting
 * or allocating per candidate. The orders are offer-ranking.ts's RANKINGS over rows (both built
 * from offer-sort-keys.ts), so offersPage over `picked` answers what it would over every candidate.
 */
export function rankCandidates(
  columns: CardColumns,
  slots: ArrayLike<number>,
  move: MoveNumbers,
  rules: CandidateRules,
  selection: CandidateSelection,
): CandidatePass {
  const { quoteTotal: total, quoteFreeAt: freeAt, quoteAllIn: allIn, rating, flags, minimumHours } = columns;
  const ulez = columns.ulezCompliant;
  // offer-ranking.ts's byPriceAllIn, byRating and bySoonest over rows: one definition (offer-sort-keys.ts).
  const byPrice = rowComparator(columns, 'price');
  const byRating = rowComparator(columns, 'rating');
  const bySoonest = rowComparator(columns, 'soonest');
  const onTheDay = rules.onTheDayPence ?? { compliant: 0, notCompliant: 0 };
  const filter = filtersAnything(selection.filter) ? selection.filter : undefined;
  const matches = (s: number) =>
    !filter ||
    ((filter.minRating === undefined || rating[s]! >= filter.minRating) &&
      (filter.maxAllInPence === undefined || allIn[s]! <= filter.maxAllInPence) &&
      (filter.ulezCompliant !== true || ulez[s] === 1));
  const compare = { price: byPrice, rating: byRating, soonest: bySoonest }[selection.sort];

  const override = rules.override;
  const overrideSlot = override?.slot ?? -1;
  const anyRuledOut = rules.ruledOut.size > 0;
  const anyFreeAt = rules.freeAt.size > 0;
  const best = new Int32Array(Math.max(1, selection.first));
  let kept = 0;
  const cheap = new Int32Array(Math.max(1, selection.cheapest ?? 0));
  let cheapKept = 0;
  let [cheapest, bestRated, soonest, cheapestAny] = [-1, -1, -1, -1];
  let count = 0;
  let namedFound = false;
  const everyone: number[] | null = selection.everyone ? [] : null;
  const firstOf = (sort: OfferSort) => selection.sort === sort && selection.first > 0;
  const [cheapestKept, bestRatedKept, soonestKept] = [firstOf('price'), firstOf('rating'), firstOf('soonest')];

  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    total[s] = s === overrideSlot ? override!.totalPence : columns.totalAt(s, move);
    allIn[s] = total[s]! + (ulez[s] === 1 ? onTheDay.compliant : onTheDay.notCompliant);
    if (selection.cheapest) cheapKept = keepFirst(cheap, cheapKept, selection.cheapest, s, byPrice);
    const f = flags[s]!;
    if (f !== 0 && !rules.cardAllows(s, s === overrideSlot ? override!.minimumHours : minimumHours[s]!, f)) continue;
    if (anyRuledOut && rules.ruledOut.has(s)) continue;
    freeAt[s] = anyFreeAt ? (rules.freeAt.get(s) ?? rules.freeFrom) : rules.freeFrom;
    if (s === selection.named) namedFound = true;
    if (cheapestAny < 0 || byPrice(s, cheapestAny) < 0) cheapestAny = s;
    if (filter && !matches(s)) continue;
    count++;
    everyone?.push(s);
    // The highlights an order already finds, and the soonest when everyone is free alike (then the
    // cheapest), are not compared again.
    if (!cheapestKept && (cheapest < 0 || byPrice(s, cheapest) < 0)) cheapest = s;
    if (!bestRatedKept && (bestRated < 0 || byRating(s, bestRated) < 0)) bestRated = s;
    if (anyFreeAt && !soonestKept && (soonest < 0 || bySoonest(s, soonest) < 0)) soonest = s;
    kept = keepFirst(best, kept, selection.first, s, compare);
  }
  if (kept > 0 && cheapestKept) cheapest = best[0]!;
  if (kept > 0 && bestRatedKept) bestRated = best[0]!;
  if (kept > 0 && soonestKept) soonest = best[0]!;
  if (!anyFreeAt && !soonestKept) soonest = cheapest;

  const row = (slot: number): RankedRow => ({
    slot,
    totalPence: total[slot]!,
    freeAt: freeAt[slot]!,
    onTheDayPence: allIn[slot]! - total[slot]!,
  });
  const rows = new Map<number, RankedRow>();
  const rowOnce = (slot: number) => {
    if (!rows.has(slot)) rows.set(slot, row(slot));
    return rows.get(slot)!;
  };
  for (const s of [...best.subarray(0, kept), cheapest, bestRated, soonest]) if (s >= 0) rowOnce(s);
  const picked = [...rows.values()];
  return {
    count,
    picked,
    cheapest: cheapestAny >= 0 ? rowOnce(cheapestAny) : undefined,
    named: namedFound ? rowOnce(selection.named!) : undefined,
    everyone: everyone ? everyone.map((s) => rows.get(s) ?? row(s)) : null,
    cheapestFirst: Array.from(cheap.subarray(0, cheapKept), rowOnce),
  };
}
