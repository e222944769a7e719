import {
  JOB_PROGRESS_MSG,
  LONDON_MOVE_DATE_TIME,
  nextProgressStep,
  progressOpensAt,
  type JobProgressStep,
} from '@vanhop/contracts';

/** What the progress rule reads of a job. */
export interface ProgressFacts {
  status: 'offered' | 'accepted' | 'returned-to-staff';
  bookingState: 'active' | 'postponed' | 'cancelled';
  moveDate: string;
  progress: JobProgressStep | null;
}

/**
 * Why the driver may not mark `step` now (a 409 message), or null when they may: only on an
 * accepted job of a live booking, in order (on my way, arrived, done), and "on my way" not before
 * PROGRESS_OPENS_BEFORE_START_MINUTES ahead of the booked start.
 */
export function progressRefusal(job: ProgressFacts, step: JobProgressStep, now: Date): string | null {
  if (job.bookingState === 'cancelled') return JOB_PROGRESS_MSG.cancelled;
  if (job.bookingState === 'postponed') return JOB_PROGRESS_MSG.postponed;
  if (job.status !== 'accepted') return JOB_PROGRESS_MSG.notAccepted;
  const expected = nextProgressStep(job.progress);
  if (step !== expected) return JOB_PROGRESS_MSG.outOfOrder(expected);
  const opens = progressOpensAt(job.moveDate);
  if (step === 'on-my-way' && !Number.isNaN(opens.getTime()) && now.getTime() < opens.getTime())
    return JOB_PROGRESS_MSG.tooEarly(LONDON_MOVE_DATE_TIME.format(opens));
  return null;
}
