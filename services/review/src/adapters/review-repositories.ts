import {
  indexOf,
  insertUnique,
  newestFirstWindows,
  queryIndex,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { ReviewStatus } from '@vanhop/contracts';
import type { CustomerReviewRecord } from '../domain/customer-review.js';
import type { ReviewRequestRecord } from '../domain/review-request.js';
import type { RatingChange } from '../domain/driver-rating-tally.js';
import type {
  ReviewCursor,
  CustomerReviewRepository as CustomerReviewPort,
  ReviewRequestRepository as ReviewRequestPort,
} from '../domain/ports.js';

export const REVIEW_REQUESTS = 'review_requests';
export const CUSTOMER_REVIEWS = 'customer_reviews';

/** The staff reads of reviews and the index each goes through (test/architecture/query-indexes). */
export const REVIEW_QUERIES = {
  decidedPage: queryIndex(
    CUSTOMER_REVIEWS,
    'a page of decided reviews, newest first: a widening range of submission time',
    {
      submittedAt: -1,
    },
  ),
  pendingQueue: queryIndex(CUSTOMER_REVIEWS, 'the pending queue (a page of it) and its count', { status: 1 }),
  byStatus: queryIndex(CUSTOMER_REVIEWS, 'reviews of one status by submission time (a page, the queue, the feed)', {
    status: 1,
    submittedAt: -1,
  }),
  ofDriver: queryIndex(CUSTOMER_REVIEWS, "a driver's newest approved reviews (their public profile)", {
    'driver.id': 1,
    status: 1,
    submittedAt: -1,
  }),
  ratingDirty: queryIndex(CUSTOMER_REVIEWS, "decided reviews whose driver's tally has still to follow", {
    ratingDirty: 1,
  }),
  approvedById: queryIndex(CUSTOMER_REVIEWS, 'approved reviews in batches by id (the tallies back-fill)', {
    status: 1,
    _id: 1,
  }),
} as const;

/** The tally counts nothing of a review: never counted (absent) or no longer (0). */
const COUNTS_NOTHING = { $or: [{ countedRating: { $exists: false } }, { countedRating: 0 }] };

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

  async ensureIndexes(): Promise<void> {
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.byStatus));
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.decidedPage));
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.pendingQueue));
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.ofDriver));
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.ratingDirty, { sparse: true }));
    await this.reviews.ensureIndex(indexOf(REVIEW_QUERIES.approvedById));
  }

  forBooking(bookingId: string): Promise<CustomerReviewRecord | null> {
    return this.reviews.findOne({ _id: bookingId });
  }

  /** Stores a submitted review; false when the booking already has one. */
  insertOnce(review: CustomerReviewRecord): Promise<boolean> {
    return insertUnique(this.reviews, review);
  }

  /** Pending reviews, oldest first (a queue); the oldest `limit` when given. */
  pending(limit?: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ status: 'pending' }, { sort: { submittedAt: 1 }, ...(limit ? { limit } : {}) });
  }

  /**
   * One page of the reviews of one status after the review a page ended on: pending oldest first,
   * decided newest first, ties by id (one read of the status and submission-time index).
   */
  async page(
    status: ReviewStatus,
    after: ReviewCursor | null,
    limit: number,
    latest: string,
  ): Promise<CustomerReviewRecord[]> {
    const oldestFirst = status === 'pending';
    const beyond = oldestFirst ? '$gt' : '$lt';
    const rest = after
      ? { $or: [{ submittedAt: { [beyond]: after.at } }, { submittedAt: after.at, _id: { $gt: after.id } }] }
      : {};
    // The pending queue is what staff have still to read: a short list, read whole and limited.
    if (oldestFirst) return this.reviews.find({ status, ...rest }, { sort: { submittedAt: 1, _id: 1 }, limit });
    // Decided reviews pile up for ever: a range of submission times, widened only while the page is not full.
    let docs: CustomerReviewRecord[] = [];
    for (const submittedAt of newestFirstWindows(after?.at ?? latest)) {
      // The status inside $and: the embedded store then picks its candidates by the time range,
      // not by the status index (every approved review); MongoDB plans the same either way.
      docs = await this.reviews.find(
        { submittedAt, $and: [{ status }], ...rest },
        { sort: { submittedAt: -1, _id: 1 }, limit },
      );
      if (docs.length >= limit) break;
    }
    return docs;
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

  /** The newest `limit` approved reviews, newest first (REVIEW_QUERIES.byStatus). */
  approved(limit: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ status: 'approved' }, { sort: { submittedAt: -1 }, limit });
  }

  /** One driver's approved reviews, newest first, at most `limit` (REVIEW_QUERIES.ofDriver). */
  approvedOfDriver(driverId: string, limit: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ 'driver.id': driverId, status: 'approved' }, { sort: { submittedAt: -1 }, limit });
  }

  /** Staff's decision (staff may change their mind); null when there is no such review. */
  decide(
    id: string,
    status: Exclude<ReviewStatus, 'pending'>,
    at: string,
    by: string,
  ): Promise<CustomerReviewRecord | null> {
    return this.reviews.findOneAndUpdate(
      { _id: id },
      { $set: { status, moderatedAt: at, moderatedBy: by, ratingDirty: true } },
    );
  }

  /** Decided reviews whose driver's tally has still to follow, at most `limit` (REVIEW_QUERIES.ratingDirty). */
  ratingDirty(limit: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ ratingDirty: true }, { limit });
  }

  /** Approved reviews after `afterId`, by id, at most `limit` (REVIEW_QUERIES.approvedById). */
  approvedAfter(afterId: string, limit: number): Promise<CustomerReviewRecord[]> {
    return this.reviews.find({ status: 'approved', _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  /** Parks a change of the tally on the review, unless one is parked or the tally's count moved since it was read. */
  async claimRatingChange(id: string, countedNow: number, change: RatingChange): Promise<boolean> {
    const counted = countedNow === 0 ? COUNTS_NOTHING : { countedRating: countedNow };
    const { matched } = await this.reviews.updateOne(
      { _id: id, ratingChange: { $exists: false }, ...counted },
      // Dirty too (a back-filled review was not): a process stopped before it settles leaves it to the sweep.
      { $set: { ratingChange: change, ratingDirty: true } },
    );
    return matched > 0;
  }

  /** The parked change is in the tally: the review now counts what it says. */
  async settleRatingChange(id: string, change: RatingChange): Promise<void> {
    await this.reviews.updateOne(
      { _id: id, 'ratingChange.id': change.id },
      { $set: { countedRating: change.to ?? 0 }, $unset: { ratingChange: 1 } },
    );
  }

  /** The tally agrees with the review as read (unless it was decided again or a change parked since). */
  async ratingFollowed(id: string, status: ReviewStatus): Promise<void> {
    await this.reviews.updateOne({ _id: id, status, ratingChange: { $exists: false } }, { $unset: { ratingDirty: 1 } });
  }
}
