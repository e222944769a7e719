import {
  bookingTimeProblem,
  cleanItems,
  estimateJob,
  MSG,
  type BookingDraft,
  type JobEstimate,
} from '@vanhop/contracts';
import { DomainError, ValidationError } from '@vanhop/platform';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';
import { hoursProblem } from '@vanhop/contracts';
import type { MoveRequest } from '../domain/offers.js';
import type { MoveToPrice } from '../domain/pricing.js';

/**
 * 400 naming `hour`: the hours booked cannot cover the drive. The answer carries the estimate, so a
 * form can offer the suggested hours in one click.
 */
export class HoursTooShortError extends DomainError {
  constructor(message: string, estimate: JobEstimate) {
    super(message, 400, 'validation_failed', { errors: { hour: message }, estimate });
  }
}

/** A move ready to price: its places found, its route measured, its job estimated. */
export interface ResolvedMove {
  /** What a full offer is priced from (priceOffer). */
  request: MoveRequest;
  /** What the totals are worked out from (pricing.ts). */
  toPrice: MoveToPrice;
  estimate: JobEstimate;
  /** The first and last places as the customer chose them (labels, as other jobs keep theirs). */
  ends: { pickup: string; dropoff: string };
}

/**
 * Checks and resolves a booking draft: a date (when given) must be an allowed start unless the move
 * is already booked (`bookedMove`), every address must be one the geo port finds, the pickup inside
 * the 30-mile NW2 radius; `hoursMustCoverDrive` refuses booked hours shorter than the drive.
 */
export async function resolveMove(
  geo: GeoPort,
  data: BookingDraft,
  now: Date,
  options: { bookedMove?: boolean; hoursMustCoverDrive?: boolean },
): Promise<ResolvedMove> {
  const start = data.date ? new Date(data.date) : undefined;
  if (start && !options.bookedMove) {
    const problem = bookingTimeProblem(start, now);
    if (problem) throw new ValidationError(problem, { date: problem });
  }
  const points = await Promise.all(data.addresses.map((a) => geo.geocode(a.location)));
  const missing = points.indexOf(null);
  if (missing >= 0) {
    throw new ValidationError(MSG.home.selectFromList, {
      [`addresses[${missing}].location`]: MSG.home.selectFromList,
    });
  }
  const stops = points.map((p, i) => ({ ...p!, flights: data.addresses[i]!.stair ?? 0 }));
  if (!pickupCoverage(stops[0]!).withinRadius) {
    throw new ValidationError(MSG.home.outOfArea, { 'addresses[0].location': MSG.home.outOfArea });
  }
  const route = await geo.route(stops);
  const estimate = estimateJob({
    vanSize: data.vanSize,
    helpLevel: data.driverHelp,
    flights: stops.map((s) => s.flights),
    items: cleanItems(data.items),
    driveSeconds: route.seconds,
  });
  const tooShort = options.hoursMustCoverDrive ? hoursProblem(estimate, data.hour) : null;
  if (tooShort) throw new HoursTooShortError(tooShort, estimate);
  const request: MoveRequest = {
    vanSize: data.vanSize,
    helpLevel: data.driverHelp,
    bookedHours: data.hour,
    stops,
    route,
    start,
    now,
  };
  const toPrice: MoveToPrice = {
    vanSize: data.vanSize,
    helpLevel: data.driverHelp,
    bookedHours: data.hour,
    flights: stops.map((s) => s.flights),
    viaStops: Math.max(0, stops.length - 2),
    routeMiles: route.miles,
    start,
    now,
  };
  const ends = { pickup: data.addresses[0]!.location, dropoff: data.addresses.at(-1)!.location };
  return { request, toPrice, estimate, ends };
}
