import type { Infrastructure } from '@vanhop/platform';
import { ActiveDriverCards } from './adapters/active-driver-cards.js';
import { SupplyCards } from './adapters/supply-cards.js';
import { SupplyTime } from './adapters/supply-time.js';
import { PriceMove } from './app/price-move.js';
import type { GeoPort } from './domain/geo-port.js';

/**
 * All pricing (the customer's offers, booking's pricing and re-pricing, the drivers who can take a
 * booked move) reads quote's own read model of the supply side, fed only by the fleet service's
 * events: cards from `supply_cards` (a copy told of each card applied here, polling the model for
 * the rest), busy time and neighbour jobs from `supply_time`. What the model may lag by an event is
 * settled where the truth is, in the fleet service: the hold's unique slot index, and its re-check
 * of a ranked driver before a hand-on.
 */
export function supplyReadModel(infra: Infrastructure, geo: GeoPort) {
  const supplyCards = new SupplyCards(infra.store);
  const supplyTime = new SupplyTime(infra.store, infra.clock);
  const offerCards = new ActiveDriverCards({ drivers: supplyCards, clock: infra.clock });
  supplyCards.onApplied((id) => offerCards.changed(id));
  const priceMove = new PriceMove({
    geo,
    drivers: offerCards,
    clock: infra.clock,
    busy: supplyTime,
    neighbours: supplyTime,
  });
  return {
    supplyCards,
    supplyTime,
    offerCards,
    priceMove,
    /** Where the consumer applies the events (consumers/supply.ts). */
    model: { cards: supplyCards, time: supplyTime },
    async ensureIndexes(): Promise<void> {
      await supplyCards.ensureIndexes();
      await supplyTime.ensureIndexes();
    },
  };
}

export type SupplyReadModel = ReturnType<typeof supplyReadModel>;
