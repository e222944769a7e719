import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { MarkReviewRequested } from '../app/mark-review-requested.js';

/** ReviewRequested (from the review service) → the booking's `reviewRequest` flag. */
export const onReviewRequested =
  (markReviewRequested: MarkReviewRequested): EventHandler =>
  async (event) => {
    const { data } = await readEvent(TOPICS.reviewRequested, event);
    await markReviewRequested.execute(data.bookingId, data.requestedBy);
  };
