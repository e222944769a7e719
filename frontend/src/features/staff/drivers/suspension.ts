/** The words of the suspend confirmation: what suspending a driver does to their upcoming jobs. */
import type { JobView } from '@vanhop/contracts';
import { londonDateTime } from '../../../lib/format';

/** "job 1234 on Thu, 26 Nov 2026, 10:00"; a postponed move has no date to give yet. */
export const jobLine = (job: Pick<JobView, 'randomNumber' | 'move' | 'bookingState'>): string =>
  job.bookingState === 'postponed'
    ? `job ${job.randomNumber} (postponed, no new date yet)`
    : `job ${job.randomNumber} on ${londonDateTime(job.move.date)}`;

/**
 * "Suspending Dana Driver takes 2 upcoming jobs from them: job 1234 on ..., job 1235 on .... Each
 * goes to ..." or, with none, the plain question. `null` jobs: the list could not be loaded
 * (suspending still takes every one from them, server side).
 */
export function suspensionSummary(
  name: string,
  jobs: Pick<JobView, 'randomNumber' | 'move' | 'bookingState'>[] | null,
): string {
  if (jobs === null)
    return `Suspend ${name}? Their upcoming jobs could not be listed; suspending still takes every one from them. ${WHERE_JOBS_GO}`;
  if (jobs.length === 0) return `Suspend ${name}? They have no upcoming jobs.`;
  const count = jobs.length === 1 ? '1 upcoming job' : `${jobs.length} upcoming jobs`;
  return `Suspending ${name} takes ${count} from them: ${jobs.map(jobLine).join(', ')}. ${WHERE_JOBS_GO}`;
}

/** What the fleet service does with each job a suspension takes, as a decline does. */
const WHERE_JOBS_GO =
  'Each goes at once to the next driver free for it at no more than the customer paid, or back to the office when nobody is.';

/**
 * The status line once done. No count: the server returns whatever is upcoming at that moment,
 * which may differ from the list shown a minute before.
 */
export const suspendedStatus = (listedJobs: boolean): string =>
  listedJobs
    ? 'Driver suspended: their upcoming jobs went to the next free drivers, or back to the office when nobody was free'
    : 'Driver suspended';
