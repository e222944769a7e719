import type { OutboxEntry, ReviewStatus } from '@vanhop/contracts';
import type { CustomerReviewRecord } from './customer-review.js';
import type { ReviewRequestRecord } from './review-request.js';
import type { DriverRatingTally, RatingChange } from './driver-rating-tally.js';

/** A move marked done, waiting for its automatic review request (`_id` is the booking id: one per booking). */
export interface AutoReviewRequestDoc {
  _id: string;
  doneAt: string;
  /** The next London morning after `doneAt`. */
  dueAt: string;
  /** When the sweep settled it (requested, or found it already requested or not reviewable); null while due. */
  settledAt: string | null;
  outcome?: string;
}

/** The automatic review requests waiting for their morning. */
export interface AutoReviewRepository {
  /** False when the booking is already scheduled (a redelivered "done"). */
  schedule(doc: AutoReviewRequestDoc): Promise<boolean>;
  due(nowIso: string): Promise<AutoReviewRequestDoc[]>;
  /** Settles once (another replica's sweep may have settled it meanwhile). */
  settle(bookingId: string, at: string, outcome: string): Promise<boolean>;
}

/** Review requests, one per booking, each with its ReviewRequested parked on it. */
export interface ReviewRequestRepository {
  forBooking(bookingId: string): Promise<ReviewRequestRecord | null>;
  /** Stores the request with its event; false when the booking already has one (a second click). */
  insertOnce(request: ReviewRequestRecord, event: OutboxEntry): Promise<boolean>;
}

/** VanHop's own reviews, one per booking, and their moderation. */
/** Where a page of reviews ended: the last review's submission time and id. */
export interface ReviewCursor {
  at: string;
  id: string;
}

export interface CustomerReviewRepository {
  forBooking(bookingId: string): Promise<CustomerReviewRecord | null>;
  /** Stores a submitted review; false when the booking already has one. */
  insertOnce(review: CustomerReviewRecord): Promise<boolean>;
  /** Pending reviews, oldest first (a queue); the oldest `limit` when given. */
  pending(limit?: number): Promise<CustomerReviewRecord[]>;
  /**
   * One page of one status after `after`: pending oldest first, decided newest first (none submitted
   * after `latest`, an ISO time), ties by id.
   */
  page(
    status: ReviewStatus,
    after: ReviewCursor | null,
    limit: number,
    latest: string,
  ): Promise<CustomerReviewRecord[]>;
  countPending(): Promise<number>;
  /** Decided reviews (approved and rejected, or one of them), newest first. */
  decided(status: Exclude<ReviewStatus, 'pending'> | 'all', limit: number): Promise<CustomerReviewRecord[]>;
  /** The newest `limit` approved reviews, newest first. */
  approved(limit: number): Promise<CustomerReviewRecord[]>;
  /** One driver's approved reviews, newest first, at most `limit`. */
  approvedOfDriver(driverId: string, limit: number): Promise<CustomerReviewRecord[]>;
  /** Staff's decision (staff may change their mind); null when there is no such review. */
  decide(
    id: string,
    status: Exclude<ReviewStatus, 'pending'>,
    at: string,
    by: string,
  ): Promise<CustomerReviewRecord | null>;
  /** Decided reviews whose driver's tally has still to follow, at most `limit`. */
  ratingDirty(limit: number): Promise<CustomerReviewRecord[]>;
  /** Approved reviews after `afterId`, by id, at most `limit`. */
  approvedAfter(afterId: string, limit: number): Promise<CustomerReviewRecord[]>;
  /** Parks a change of the tally on the review; false when one is parked or its count moved since read. */
  claimRatingChange(id: string, countedNow: number, change: RatingChange): Promise<boolean>;
  /** The parked change is in the tally: the review now counts what it says. */
  settleRatingChange(id: string, change: RatingChange): Promise<void>;
  /** The tally agrees with the review as read (unless decided again since). */
  ratingFollowed(id: string, status: ReviewStatus): Promise<void>;
}

/** Each driver's tally of approved VanHop reviews, with the events of its changes parked on it. */
export interface DriverRatingTallyRepository {
  find(driverId: string): Promise<DriverRatingTally | null>;
  /** A zero tally for the driver unless there is one. */
  createIfMissing(driverId: string, at: string): Promise<void>;
  /** Adds the change and parks its event, if the tally is still at `version`; false otherwise. */
  applyIfVersion(
    tally: DriverRatingTally,
    next: { count: number; sum: number },
    changeId: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean>;
  /** The change is settled on its review: no need to remember it. */
  forget(driverId: string, changeId: string): Promise<void>;
  forDrivers(driverIds: string[]): Promise<DriverRatingTally[]>;
  backfilled(): Promise<boolean>;
  markBackfilled(at: string): Promise<void>;
}
