import type { HelpLevel, VanSize } from '@vanhop/contracts';
import { chargesOnTheDay, type ChargeOnTheDay } from './charges-on-the-day.js';
import type { Driver } from '@vanhop/contracts';
import type { GeoPoint, RouteEstimate } from './geo-port.js';
import { priceMove, type PriceBreakdown } from './pricing.js';

export interface MoveRequest {
  vanSize: VanSize;
  helpLevel: HelpLevel;
  bookedHours?: number;
  /** Resolved addresses in route order, with the flights at each. */
  stops: (GeoPoint & { flights: number })[];
  route: RouteEstimate;
  start?: Date;
  now: Date;
}

export interface PricedOffer {
  driver: Driver;
  pricing: PriceBreakdown;
  charges: ChargeOnTheDay[];
}

/** One driver's offer for the move, priced in full (lines, charges on the day); the caller has checked they can take it. */
export function priceOffer(move: MoveRequest, driver: Driver): PricedOffer {
  const pickup = move.stops[0]!;
  const dropoff = move.stops[move.stops.length - 1]!;
  return {
    driver,
    pricing: priceMove(
      {
        vanSize: move.vanSize,
        helpLevel: move.helpLevel,
        bookedHours: move.bookedHours,
        flights: move.stops.map((s) => s.flights),
        viaStops: Math.max(0, move.stops.length - 2),
        routeMiles: move.route.miles,
        start: move.start,
        now: move.now,
      },
      driver.card,
    ),
    charges: chargesOnTheDay({ pickup, dropoff, stops: move.stops, ulezCompliant: driver.ulezCompliant }),
  };
}
