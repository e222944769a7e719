import {
  insertUnique,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { ReviewStatus } from '@vanhop/contracts';
import type { CustomerReviewRecord } from '../domain/customer-review.js';
import type { ReviewRequestRecord } from '../domain/review-request.js';
import type {
  CustomerReviewRepository as CustomerReviewPort,
  ReviewRequestRepository as ReviewRequestPort,
} from '../domain/ports.js';

export const REVIEW_REQUESTS = 'review_requests';
export const CUSTOMER_REVIEWS = 'customer_reviews';

/** Review requests, one per booking (`_id` is the booking id), each with its ReviewRequested parked on it. */
export class ReviewRequestRepository implements ReviewRequestPort {
  readonly collectionName = REVIEW_REQUESTS;
  private readonly requests: Collection<ReviewRequestRecord & WithOutbox>;

  constructor(store: DocumentStore) {
    this.requests = store.collection<ReviewRequestRecord & WithOutbox>(REVIEW_REQUESTS);
  }

  async forBooking(bookingId: string): Promise<ReviewRequestRecord | null> {
    return withoutOutbox(await this.requests.findOne({ _id: bookingId }));
  }

  /** Stores the request with its event; false when the booking already has one (a second click). */
  insertOnce(request: ReviewRequestRecord, event: OutboxEntry): Promise<boolean> {
    return insertUnique(this.requests, { ...request, outbox: [event] });
  }
}

/** VanHop's own reviews, one per booking (`_id` is the booking id), and their moderation. */
export class CustomerReviewRepository implements CustomerReviewPort {
  private readonly reviews: Collection<CustomerReviewRecord>;

  constructor(store: DocumentStore) {
    this.reviews = store.collection<CustomerReviewRecord>(CUSTOMER_REVIEWS);
  }

  ensureIndexes(): Promise<void> {
    return this.reviews.ensureIndex({ fields: { status: 1, submittedAt: -1 } });
  }

  forBooking(bookingId: string): Promise<CustomerReviewRecord | null> {
    return this.reviews.findOne({ _id: bookingId });
  }

  /** Stores a submitted review; false when the booking already has one. */
  insertOnce(review: CustomerReviewRecord): Promise<boolean> {
    return insertUnique(this.reviews, review);
  }

  /** Pending reviews, oldest first (a queue). */
  pending(): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ status: 'pending' }, { sort: { submittedAt: 1 } });
  }

  countPending(): Promise<number> {
    return this.reviews.count({ status: 'pending' });
  }

  /** Decided reviews (approved and rejected, or one of them), newest first. */
  decided(status: Exclude<ReviewStatus, 'pending'> | 'all', limit: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find(status === 'all' ? { status: { $in: ['approved', 'rejected'] } } : { status }, {
      sort: { submittedAt: -1 },
      limit,
    });
  }

  /** Approved reviews, newest first; every one when no limit is given. */
  approved(limit?: number): Promise<CustomerReviewRecord[]> {
    return limit === undefined
      ? this.reviews.find({ status: 'approved' })
      : this.reviews.find({ status: 'approved' }, { sort: { submittedAt: -1 }, limit });
  }

  /** Staff's decision (staff may change their mind); null when there is no such review. */
  decide(
    id: string,
    status: Exclude<ReviewStatus, 'pending'>,
    at: string,
    by: string,
  ): Promise<CustomerReviewRecord | null> {
    return this.reviews.findOneAndUpdate({ _id: id }, { $set: { status, moderatedAt: at, moderatedBy: by } });
  }
}
