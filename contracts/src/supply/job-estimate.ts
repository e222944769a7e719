import { hoursCannotCoverDrive, type JobEstimate } from '../items.js';

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
