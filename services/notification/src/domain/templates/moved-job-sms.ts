import type { BookingAmended, BookingReactivated } from '@vanhop/contracts';
import { hoursLabel, moveDate } from '../format.js';
import type { TemplateContext } from './email-content.js';
import { driverJobsUrl } from './driver-jobs.js';

/**
 * A booked move's new date or hours → its driver's phone: the new time and where the job sheet is.
 * It says nothing of the acceptance: when the new time is outside their hours the offer's own text
 * asks them to confirm it, so this one never contradicts the job's state.
 */
export function movedJobDriverSms(b: BookingAmended | BookingReactivated, ctx: TemplateContext): string {
  return `VanHop: job ${b.randomNumber} has changed: now ${moveDate(b.move.date)} (${hoursLabel(b.move.totalHour)}). Details: ${driverJobsUrl(ctx)}`;
}
