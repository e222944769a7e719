import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { Notifier } from '../app/notifier.js';
import { reviewRequestedEmail } from '../domain/templates/review-requested.js';

/**
 * ReviewRequested → the review-request e-mail to the customer, linking their signed review page
 * (events from before that page existed carry no path: those link REVIEW_URL).
 */
export const onReviewRequested =
  (notifier: Notifier, ctx: { reviewUrl: string; publicUrl: string }): EventHandler =>
  async (event) => {
    const { data, eventId } = await readEvent(TOPICS.reviewRequested, event);
    const reviewUrl = data.reviewPath?.startsWith('/') ? `${ctx.publicUrl}${data.reviewPath}` : ctx.reviewUrl;
    await notifier.email(`review-requested.${eventId}`, data.customer.email, reviewRequestedEmail(data, { reviewUrl }));
  };
