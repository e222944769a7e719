import { REVIEW_MSG, type ReviewLinkView, type ReviewSubmission } from '@vanhop/contracts';
import { ConflictError, NotFoundError, type Clock } from '@vanhop/platform';
import type { CustomerReviewRepository, ReviewRequestRepository } from '../domain/ports.js';
import { publicAuthorName, type CustomerReviewRecord } from '../domain/customer-review.js';
import type { ReviewLinks } from '../domain/review-links.js';
import type { ReviewRequestRecord } from '../domain/review-request.js';

/**
 * The customer's review page behind a signed link: what it shows, and the one review it takes.
 * Submitted reviews wait for staff moderation before anyone else sees them.
 */
export class SubmitReview {
  constructor(
    private readonly requests: ReviewRequestRepository,
    private readonly reviews: CustomerReviewRepository,
    private readonly links: ReviewLinks,
    private readonly clock: Clock,
  ) {}

  async view(token: unknown): Promise<ReviewLinkView> {
    const request = await this.requestOf(token);
    const submitted = await this.reviews.forBooking(request._id);
    return {
      authorName: request.authorName ?? 'A VanHop customer',
      driverName: request.driver?.name ?? null,
      moveDate: request.moveDate ?? '',
      submitted: submitted !== null,
    };
  }

  async submit(token: unknown, review: ReviewSubmission): Promise<{ message: string }> {
    const request = await this.requestOf(token);
    const record: CustomerReviewRecord = {
      _id: request._id,
      randomNumber: request.randomNumber,
      rating: review.rating,
      text: review.text,
      // A driver rating without a driver to give it to would count for nobody.
      driverRating: request.driver ? (review.driverRating ?? null) : null,
      driver: request.driver ?? null,
      authorName: request.authorName ?? publicAuthorName(''),
      status: 'pending',
      submittedAt: this.clock.now().toISOString(),
      moderatedAt: null,
      moderatedBy: null,
    };
    if (!(await this.reviews.insertOnce(record))) throw new ConflictError(REVIEW_MSG.alreadySubmitted);
    return { message: 'Thank you for your review! It will appear on our site once our team has checked it.' };
  }

  /** A forged, expired or unknown link answers 404 without saying which. */
  private async requestOf(token: unknown): Promise<ReviewRequestRecord> {
    const bookingId = this.links.bookingIdOf(token, this.clock.now());
    const request = bookingId ? await this.requests.forBooking(bookingId) : null;
    if (!request) throw new NotFoundError(REVIEW_MSG.linkInvalid);
    return request;
  }
}
