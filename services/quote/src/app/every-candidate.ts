import {
  poundsToPence,
  type BookingDraft,
  type InternalCandidate,
  type InternalCandidatesResponse,
} from '@vanhop/contracts';
import { byPriceAllIn } from '../domain/offer-ranking.js';
import type { PriceMove } from './price-move.js';

/**
 * Every driver who can take a booked move (free for all of it, the lead time of a new booking left
 * out), each with their own price and the known charges on the day, cheapest in all first: the
 * quote's own order, so the hand-on, staff's picker and the customer's list agree with the offers.
 * Only the drivers pricing's candidate index finds for the pickup are priced, not the whole fleet.
 */
export class EveryCandidate {
  constructor(private readonly priceMove: Pick<PriceMove, 'run'>) {}

  async rank(draft: BookingDraft): Promise<InternalCandidatesResponse> {
    const priced = await this.priceMove.run(draft, { checkBusy: true, bookedMove: true, everyDriver: true });
    const candidates = [...priced.ranked].sort(byPriceAllIn).map((r): InternalCandidate => {
      const chargesOnTheDay = priced
        .chargesFor(r.driver)
        .filter((c) => c.amount !== null)
        .map((c) => ({ label: c.label, amountPence: poundsToPence(c.amount ?? 0) }));
      return {
        driverId: r.driver._id,
        name: r.driver.name,
        totalPence: r.totalPence,
        onTheDayPence: r.onTheDayPence ?? chargesOnTheDay.reduce((sum, c) => sum + c.amountPence, 0),
        // The cards carry the shown rating already (VanHop's own reviews folded in).
        rating: r.driver.rating,
        reviewCount: r.driver.reviewCount,
        chargesOnTheDay,
      };
    });
    return { pickup: priced.pickup, candidates };
  }
}
