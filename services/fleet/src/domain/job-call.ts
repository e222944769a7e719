import { isCallOpen, JOB_CALL_MSG } from '@vanhop/contracts';
import type { ProgressFacts } from './job-progress.js';

/**
 * Why the driver may not call the customer now (a 409 message), or null when they may: an
 * accepted job of a live booking, from the day before the move to the end of its day.
 */
export function callRefusal(job: Omit<ProgressFacts, 'progress'>, now: Date): string | null {
  if (job.bookingState === 'cancelled') return JOB_CALL_MSG.cancelled;
  if (job.bookingState === 'postponed') return JOB_CALL_MSG.postponed;
  if (job.status !== 'accepted') return JOB_CALL_MSG.notAccepted;
  if (!isCallOpen(job.moveDate, now)) return JOB_CALL_MSG.notOpen;
  return null;
}
