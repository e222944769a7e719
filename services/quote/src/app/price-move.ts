import { bookingTimeProblem, MSG, type BookingDraft, type Offer, type Quote } from '@vanhop/contracts';
import { ConflictError, ValidationError, type Clock } from '@vanhop/platform';
import { driverSnapshot, type Driver, type DriverSnapshot } from '../domain/driver.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';
import { offersFor, type PricedOffer } from '../domain/offers.js';
import { HOUSE_CARD } from '../domain/price-card.js';
import { priceMove } from '../domain/pricing.js';
import { toOffer, toQuote } from './quote-wire.js';

export interface DriverSource { listActive(): Promise<Driver[]> }

export interface PricedMove {
  quote: Quote;
  offers: Offer[];
  /** The offer the quote was priced from (the chosen driver's, or the cheapest), null when none matched. */
  chosen: PricedOffer | null;
  driver: DriverSnapshot | null;
  totalPricePence: number;
  pricePerHalfHourPence: number;
}

/**
 * Use case: price a booking for every matching driver. Addresses are resolved with the geo port,
 * the pickup must be inside the 30-mile NW2 radius, a date (when given) must be an allowed start.
 */
export class PriceMove {
  constructor(private readonly deps: { geo: GeoPort; drivers: DriverSource; clock: Clock }) {}

  async run(data: BookingDraft, options: { driverId?: string } = {}): Promise<PricedMove> {
    const now = this.deps.clock.now();
    const start = data.date ? new Date(data.date) : undefined;
    if (start) {
      const problem = bookingTimeProblem(start, now);
      if (problem) throw new ValidationError(problem, { date: problem });
    }

    const points = await Promise.all(data.addresses.map((a) => this.deps.geo.geocode(a.location)));
    const missing = points.findIndex((p) => p === null);
    if (missing >= 0) {
      throw new ValidationError(MSG.home.selectFromList, { [`addresses[${missing}].location`]: MSG.home.selectFromList });
    }
    const stops = points.map((p, i) => ({ ...p!, flights: data.addresses[i]!.stair ?? 0 }));
    if (!pickupCoverage(stops[0]!).withinRadius) {
      throw new ValidationError(MSG.home.outOfArea, { 'addresses[0].location': MSG.home.outOfArea });
    }

    const route = await this.deps.geo.route(stops);
    const move = { vanSize: data.vanSize, helpLevel: data.driverHelp, bookedHours: data.hour, stops, route, start, now };
    const priced = offersFor(move, await this.deps.drivers.listActive());

    let chosen: PricedOffer | null = priced[0] ?? null;
    if (options.driverId !== undefined) {
      chosen = priced.find((o) => o.driver._id === options.driverId) ?? null;
      if (!chosen) throw new ConflictError('The chosen driver does not offer this move any more: please pick another quote.');
    }
    // With no matching driver the customer still sees the house price (no driver attached yet).
    const pricing =
      chosen?.pricing ??
      priceMove({ ...move, flights: stops.map((s) => s.flights), viaStops: Math.max(0, stops.length - 2), routeMiles: route.miles }, HOUSE_CARD);
    return {
      quote: toQuote(data, pricing, route, chosen),
      offers: priced.map((o) => toOffer(o, data)),
      chosen,
      driver: chosen ? driverSnapshot(chosen.driver) : null,
      totalPricePence: pricing.totalPence,
      pricePerHalfHourPence: pricing.overtimePerHalfHourPence,
    };
  }
}
