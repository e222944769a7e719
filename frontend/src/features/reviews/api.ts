/** The review page's calls (review service), loaded with that page only. */
import type { ReviewLinkView, ReviewSubmission } from '@vanhop/contracts';
import { request } from '../../api/client';

/** 404 for a bad or expired link. */
export const getReviewLink = (token: string, signal?: AbortSignal) =>
  request<ReviewLinkView>('GET', `/reviews/link/${encodeURIComponent(token)}`, undefined, signal);

/** 409 when a review was already submitted for the move. */
export const submitReview = (token: string, review: ReviewSubmission) =>
  request<{ message: string }>('POST', `/reviews/link/${encodeURIComponent(token)}`, review);
