import { reviewRequestDueAt, type JobProgressed } from '@vanhop/contracts';
import { ConflictError, NotFoundError, type Clock, type Logger } from '@vanhop/platform';
import type { AutoReviewRepository } from '../domain/ports.js';
import type { RequestReview } from './request-review.js';

/** Who the automatic request is recorded as (staff requests carry the staff username). */
export const AUTOMATIC_REVIEW_REQUESTER = 'automatic';

/**
 * "Done" on the day asks for a review the next London morning, through the same RequestReview staff
 * use by hand. The schedule is in the store (one document per booking), and the request itself is
 * once per booking (RequestReview's unique write), so a restart between the request and its
 * settling, two replicas or a staff request first never send two: the second attempt is a 409,
 * which settles the schedule.
 */
export class AutoReviewRequest {
  constructor(
    private readonly deps: {
      schedule: AutoReviewRepository;
      requestReview: Pick<RequestReview, 'execute'>;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  async progressed(j: JobProgressed): Promise<void> {
    if (j.step !== 'done') return;
    await this.deps.schedule.schedule({
      _id: j.bookingId,
      doneAt: j.at,
      dueAt: reviewRequestDueAt(j.at).toISOString(),
      settledAt: null,
    });
  }

  async sweep(): Promise<number> {
    const now = this.deps.clock.now().toISOString();
    let requested = 0;
    for (const due of await this.deps.schedule.due(now)) {
      let outcome: string;
      try {
        await this.deps.requestReview.execute(due._id, AUTOMATIC_REVIEW_REQUESTER, `auto-review:${due._id}`);
        outcome = 'requested';
        requested++;
      } catch (err) {
        // Already requested (by staff, or by this sweep before a restart), or not reviewable (cancelled since): settled.
        if (err instanceof ConflictError || err instanceof NotFoundError) outcome = err.message;
        else {
          // The booking service did not answer: the next sweep tries again.
          this.deps.logger.warn(
            { bookingId: due._id, err: String(err) },
            'automatic review request failed: retried on the next sweep',
          );
          continue;
        }
      }
      if (await this.deps.schedule.settle(due._id, now, outcome))
        this.deps.logger.info({ bookingId: due._id, outcome }, 'automatic review request settled');
    }
    return requested;
  }
}
