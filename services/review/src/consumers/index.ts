import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { AutoReviewRequest } from '../app/auto-review-request.js';

/** The review service publishes ReviewRequested; it consumes a driver's "done" to ask for a review the next morning. */
export const reviewSubscriptions = (deps?: { autoReview: AutoReviewRequest }): Subscription[] =>
  deps
    ? [
        {
          topic: TOPICS.jobProgressed,
          handler: async (e) => deps.autoReview.progressed((await readEvent(TOPICS.jobProgressed, e)).data),
        },
      ]
    : [];
