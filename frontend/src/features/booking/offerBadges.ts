/** What the quotes popup can honestly say about offers side by side: badges and the two sort orders. */
import { poundsToPence } from '@vanhop/contracts';
import type { Offer } from '@vanhop/contracts';

/** The orders the popup sorts by itself (soonest free is the server's: see QuotesPopup). */
export type OfferSort = 'price' | 'rating';
export type OfferBadge = 'Cheapest' | 'Best rated' | 'Most reviewed';

interface Rated {
  offer: Offer;
  rating: number;
  count: number;
}

/** The charges on the day with a known amount (ULEZ, congestion): tolls and parking are not known in advance. */
export const knownChargesOnTheDay = (offer: Offer): { label: string; amount: number }[] =>
  offer.chargesOnTheDay.filter((c): c is { label: string; amount: number } => c.amount !== null);

/** What the customer pays this driver in all that is known, in pence: the price and the known charges on the day. */
export const allInPence = (offer: Offer): number =>
  poundsToPence(offer.totalPrice) + knownChargesOnTheDay(offer).reduce((sum, c) => sum + poundsToPence(c.amount), 0);

/**
 * Cheapest in all first (better rated first on a tie), or best rated first (more reviews, then
 * cheaper, on a tie): the server's orders, so a page sorted here reads the same.
 */
export function sortOffers<T extends Rated>(list: T[], by: OfferSort): T[] {
  return [...list].sort((a, b) =>
    by === 'price'
      ? allInPence(a.offer) - allInPence(b.offer) || b.rating - a.rating
      : b.rating - a.rating || b.count - a.count || allInPence(a.offer) - allInPence(b.offer),
  );
}

/**
 * Badges per driver id. Only given when there is something to compare (2+ offers) and to the one offer
 * that alone is best at it: a tie earns nobody the badge. Unrated drivers are never "best rated".
 */
export function offerBadges(list: Rated[]): Map<string, OfferBadge[]> {
  const badges = new Map<string, OfferBadge[]>(list.map((r) => [r.offer.driverId, []]));
  if (list.length < 2) return badges;
  const award = (badge: OfferBadge, score: (r: Rated) => number, eligible: (r: Rated) => boolean = () => true) => {
    const pool = list.filter(eligible);
    if (pool.length === 0) return;
    const best = Math.max(...pool.map(score));
    const winners = pool.filter((r) => score(r) === best);
    if (winners.length === 1) badges.get(winners[0]!.offer.driverId)!.push(badge);
  };
  // Cheapest in what is paid: a lower price with £12.50 ULEZ on the day is not the cheapest.
  award('Cheapest', (r) => -allInPence(r.offer));
  award(
    'Best rated',
    (r) => r.rating,
    (r) => r.count > 0,
  );
  award(
    'Most reviewed',
    (r) => r.count,
    (r) => r.count > 0,
  );
  return badges;
}
