import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { reviewRequestedEmail } from '../domain/templates/review-requested.js';

/** ReviewRequested → the review-request e-mail to the customer. */
export const onReviewRequested =
  (notifier: Notifier, ctx: { reviewUrl: string }): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.reviewRequested, event);
    await notifier.email(`review-requested.${eventId}`, data.customer.email, reviewRequestedEmail(data, ctx));
  };
