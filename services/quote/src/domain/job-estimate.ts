import { estimateJob, hoursCannotCoverDrive, type HelpLevel, type ItemLine, type JobEstimate, type VanSize } from '@vanhop/contracts';

/** The facts of a move the job's time depends on (the route already measured). */
export interface MoveToEstimate {
  vanSize: VanSize;
  helpLevel: HelpLevel;
  /** Flights at each address in route order. */
  flights: number[];
  items?: ItemLine[];
  /** Driving time of the whole route, seconds. */
  driveSeconds: number;
}

/**
 * How long the job takes and the hours that cover it: the drive plus loading and unloading (from
 * the item list, or the van's own estimate, scaled by the help and the stairs), up to the half hour.
 */
export const estimateForMove = (move: MoveToEstimate): JobEstimate =>
  estimateJob({ vanSize: move.vanSize, helpLevel: move.helpLevel, flights: move.flights, items: move.items, driveSeconds: move.driveSeconds });

/**
 * Why `bookedHours` cannot be booked for this move, or null when they can: fewer hours than the
 * drive alone takes would leave the driver's overtime to be settled on the day. Fewer hours than
 * the suggestion (drive + loading) are allowed, with the estimate shown beside the quote: the
 * customer knows their own load best.
 */
export function hoursProblem(estimate: JobEstimate, bookedHours: number | undefined): string | null {
  if (bookedHours === undefined) return null;
  return bookedHours < estimate.hoursCoveringDrive ? hoursCannotCoverDrive(estimate, bookedHours) : null;
}

/** Booked hours that leave part of the estimated job (loading, unloading) to overtime. */
export const bookedUnderSuggestion = (estimate: JobEstimate, bookedHours: number | undefined): boolean =>
  bookedHours !== undefined && bookedHours < estimate.suggestedHours;
