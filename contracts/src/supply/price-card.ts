import { MINIMUM_CHARGED_HOURS, type HelpLevel, type VanSize } from '../constants.js';
import { SHORT_NOTICE } from '../short-notice.js';

/**
 * What a self-employed driver charges (docs/PRICING.md). All money in pence. Every driver has a
 * full card of their own; demo drivers are built by varying the house card.
 */
export interface PriceCard {
  vanPerHourPence: Record<VanSize, number>;
  helpersPerHourPence: Record<HelpLevel, number>;
  /** Charged per flight of stairs, per billable hour, flights summed over every address. */
  stairPerFlightPerHourPence: Record<HelpLevel, number>;
  mileagePencePerMile: number;
  /** Routes shorter than this many miles carry no mileage; from this distance on, every mile is charged. */
  freeRouteUnderMiles: number;
  viaStopPence: number;
  /** Added when the move starts less than `lateBookingWithinMinutes` from now. */
  lateBookingPence: number;
  lateBookingWithinMinutes: number;
  /** Added when the move starts in one of these London clock hours. */
  outOfHoursPence: number;
  outOfHoursStartHours: number[];
  minimumHours: number;
}

/** The reference values (docs/PRICING.md). */
export const HOUSE_CARD: PriceCard = {
  vanPerHourPence: { Small: 3500, Medium: 4000, Large: 4500, Luton: 5500 },
  helpersPerHourPence: { 'No-Help': 0, 'Driver-Help': 500, 'Driver-Plus-One': 2500, 'Driver-Plus-Two': 6500 },
  stairPerFlightPerHourPence: { 'No-Help': 0, 'Driver-Help': 500, 'Driver-Plus-One': 1000, 'Driver-Plus-Two': 1500 },
  mileagePencePerMile: 150,
  freeRouteUnderMiles: 5,
  viaStopPence: 2000,
  lateBookingPence: SHORT_NOTICE.feePence,
  lateBookingWithinMinutes: SHORT_NOTICE.withinMinutes,
  outOfHoursPence: 2000,
  outOfHoursStartHours: [6, 19, 20],
  minimumHours: MINIMUM_CHARGED_HOURS,
};

const scaleRecord = <K extends string>(rec: Record<K, number>, factor: number): Record<K, number> =>
  Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, roundTo50(Number(v) * factor)])) as Record<K, number>;

/** Hourly rates kept on 50p steps, as a driver would quote them. */
const roundTo50 = (pence: number) => Math.round(pence / 50) * 50;

/** A card whose hourly rates are the house card's × `factor` (on 50p steps), with any field overridden. */
export function cardAround(
  factor: number,
  overrides: Partial<PriceCard> = {},
  base: PriceCard = HOUSE_CARD,
): PriceCard {
  return {
    ...base,
    vanPerHourPence: scaleRecord(base.vanPerHourPence, factor),
    helpersPerHourPence: scaleRecord(base.helpersPerHourPence, factor),
    stairPerFlightPerHourPence: scaleRecord(base.stairPerFlightPerHourPence, factor),
    ...overrides,
  };
}
