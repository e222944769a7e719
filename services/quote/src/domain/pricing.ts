import {
  londonClock,
  PAYMENT_PERCENTAGES,
  SECONDS_PER_HALF_HOUR,
  shareOfPence,
  type HelpLevel,
  type PaymentPercentage,
  type VanSize,
} from '@vanhop/contracts';
import type { PriceCard } from '@vanhop/contracts';

/** Everything the price depends on, already resolved (route measured, date parsed). */
export interface MoveToPrice {
  vanSize: VanSize;
  helpLevel: HelpLevel;
  /** Hours the customer booked; absent for a draft, which is priced on the card's minimum. */
  bookedHours?: number;
  /** Flights of stairs at each address in route order (0 for none or a lift). */
  flights: number[];
  viaStops: number;
  /** Road miles of the whole route. */
  routeMiles: number;
  /** Start of the move; absent for a draft without a date (no time surcharges then). */
  start?: Date;
  now: Date;
}

export interface PriceLine {
  label: string;
  pence: number;
}

export interface PriceBreakdown {
  billableHours: number;
  /** Billable hours in seconds: the time the total pays for. */
  totalSecond: number;
  lines: PriceLine[];
  totalPence: number;
  overtimePerHalfHourPence: number;
  depositsPence: Record<PaymentPercentage, number>;
}

/**
 * Prices one move on one driver's card (docs/PRICING.md):
 * total = hours × (van + helpers) + hours × stair rate × flights + mileage + via stops + surcharges.
 * Each line is rounded to whole pence on its own so the lines always add up to the total.
 */
export function priceMove(move: MoveToPrice, card: PriceCard): PriceBreakdown {
  const hours = Math.max(move.bookedHours ?? 0, card.minimumHours);
  const flights = move.flights.reduce((sum, f) => sum + f, 0);
  const lines: PriceLine[] = [
    { label: `${move.vanSize} van, ${hours} h`, pence: Math.round(hours * card.vanPerHourPence[move.vanSize]) },
    { label: `${move.helpLevel}, ${hours} h`, pence: Math.round(hours * card.helpersPerHourPence[move.helpLevel]) },
    {
      label: `Stairs, ${flights} flight${flights === 1 ? '' : 's'} × ${hours} h`,
      pence: Math.round(hours * card.stairPerFlightPerHourPence[move.helpLevel] * flights),
    },
    { label: `Mileage, ${move.routeMiles.toFixed(2)} miles`, pence: mileagePence(move.routeMiles, card) },
    { label: `Via stops × ${move.viaStops}`, pence: move.viaStops * card.viaStopPence },
  ];
  if (move.start && isLateBooking(move.start, move.now, card))
    lines.push({ label: 'Short-notice booking', pence: card.lateBookingPence });
  if (move.start && isOutOfHours(move.start, card))
    lines.push({ label: 'Early or evening start', pence: card.outOfHoursPence });

  const totalPence = lines.reduce((sum, l) => sum + l.pence, 0);
  // totalSecond is the billable time (hours × 3600), not driving time.
  const totalSecond = hours * 3600;
  return {
    billableHours: hours,
    totalSecond,
    lines: lines.filter((l) => l.pence > 0),
    totalPence,
    overtimePerHalfHourPence: overtimePerHalfHourPence(move, card),
    depositsPence: Object.fromEntries(PAYMENT_PERCENTAGES.map((p) => [p, shareOfPence(totalPence, p)])) as Record<
      PaymentPercentage,
      number
    >,
  };
}

/**
 * What half an hour beyond the booked time costs: half the driver's hourly rate for the van, the
 * help and the stairs booked. Mileage, via stops and surcharges are paid once in the total and are
 * not part of it (the old all-in 1800 × total / totalSecond spread them over every extra half hour).
 */
export function overtimePerHalfHourPence(
  move: Pick<MoveToPrice, 'vanSize' | 'helpLevel' | 'flights'>,
  card: PriceCard,
): number {
  const flights = move.flights.reduce((sum, f) => sum + f, 0);
  const perHour =
    card.vanPerHourPence[move.vanSize] +
    card.helpersPerHourPence[move.helpLevel] +
    card.stairPerFlightPerHourPence[move.helpLevel] * flights;
  return Math.round((perHour * SECONDS_PER_HALF_HOUR) / 3600);
}

/** Nothing under the free distance; from it on, every mile (to the hundredth) at the card's rate. */
export function mileagePence(routeMiles: number, card: PriceCard): number {
  if (routeMiles < card.freeRouteUnderMiles) return 0;
  return Math.round(routeMiles * card.mileagePencePerMile);
}

export const isLateBooking = (start: Date, now: Date, card: PriceCard): boolean =>
  start.getTime() - now.getTime() < card.lateBookingWithinMinutes * 60_000;

export const isOutOfHours = (start: Date, card: PriceCard): boolean =>
  card.outOfHoursStartHours.includes(londonClock(start).hour);

/** What every driver's total for one move shares, worked out once (the London hour of the start, the flights). */
export interface MoveTotals {
  move: MoveToPrice;
  flights: number;
  startHour: number | undefined;
}

export const moveTotals = (move: MoveToPrice): MoveTotals => ({
  move,
  flights: move.flights.reduce((sum, f) => sum + f, 0),
  startHour: move.start ? londonClock(move.start).hour : undefined,
});

/**
 * priceMove's totalPence without its lines: the same rounded amounts added up, for ranking every
 * driver who can take the move; only the offers answered are priced in full.
 */
export function totalPenceOn(t: MoveTotals, card: PriceCard): number {
  const { move } = t;
  const hours = Math.max(move.bookedHours ?? 0, card.minimumHours);
  let total =
    Math.round(hours * card.vanPerHourPence[move.vanSize]) +
    Math.round(hours * card.helpersPerHourPence[move.helpLevel]) +
    Math.round(hours * card.stairPerFlightPerHourPence[move.helpLevel] * t.flights) +
    mileagePence(move.routeMiles, card) +
    move.viaStops * card.viaStopPence;
  if (move.start && isLateBooking(move.start, move.now, card)) total += card.lateBookingPence;
  if (t.startHour !== undefined && card.outOfHoursStartHours.includes(t.startHour)) total += card.outOfHoursPence;
  return total;
}
