import {
  REVIEW_MSG,
  type BookingRecord,
  type ModeratedReview,
  type Review,
  type ReviewStatus,
} from '@vanhop/contracts';
import type { RatingChange } from './driver-rating-tally.js';

/** Shown beside VanHop's own reviews in the carousel (same-origin, like the seeded ones). */
export const REVIEW_AVATAR = '/images/avatar.svg';

/**
 * A review a customer wrote on their signed review page. `_id` is the booking id: one review per
 * booking is then the store's own unique key, not a check that two submissions could race past.
 */
export interface CustomerReviewRecord {
  _id: string;
  randomNumber: number;
  rating: number;
  text: string;
  driverRating: number | null;
  /** The booking's driver (id and name only: the review service never keeps a driver's contact). */
  driver: { id: string; name: string } | null;
  authorName: string;
  status: ReviewStatus;
  submittedAt: string;
  moderatedAt: string | null;
  moderatedBy: string | null;
  /** The driver rating this review adds to its driver's tally now (absent or 0: none). */
  countedRating?: number;
  /** A change of the tally being applied (see DriverRatingTallies). */
  ratingChange?: RatingChange;
  /** Set with every decision, cleared once the driver's tally agrees with the review. */
  ratingDirty?: true;
}

/** "Grace Mover" → "Grace M.": how a review is signed in public (the surname stays private). */
export function publicAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A VanHop customer';
  const first = words[0]!;
  const initial = words.length > 1 ? ` ${[...words[words.length - 1]!][0]!.toUpperCase()}.` : '';
  return `${first}${initial}`;
}

/** Booking lifecycle facts the review rules read (written by the booking service; absent on older records). */
type Reviewable = Pick<BookingRecord, 'paymentStatus' | 'quote' | 'deletedAt'> & { state?: string };

/**
 * Why a review may not be requested for this booking yet, or null when it may: the move must have
 * been booked (paid), not be cancelled or postponed, and its booked end (date + hours) must have passed.
 */
export function reviewRequestRefusal(booking: Reviewable, now: Date): string | null {
  if (booking.state === 'cancelled') return 'This booking was cancelled: there is no move to review.';
  if (booking.state === 'frozen')
    return 'This booking is postponed: a review can be requested once the move has happened.';
  if (booking.paymentStatus === 'unpaid') return REVIEW_MSG.notBooked;
  const moveAt = Date.parse(booking.quote?.date ?? '');
  // The move is done at its booked end (start + the hours booked), not when it starts: a review is
  // about the whole job, so asking while the van is still being loaded is refused.
  const hours = Number(booking.quote?.totalHour);
  const endsAt = moveAt + (Number.isFinite(hours) && hours > 0 ? hours : 0) * 3_600_000;
  if (Number.isNaN(moveAt) || endsAt > now.getTime()) return REVIEW_MSG.moveNotHappened;
  return null;
}

/** An approved review in the wire contract's Review shape (docs/WIRE-CONTRACT.md), exactly its five fields. */
export const asFeedReview = (r: CustomerReviewRecord): Review => ({
  rating: r.rating,
  author_name: r.authorName,
  time: Math.floor(Date.parse(r.submittedAt) / 1000),
  profile_photo_url: REVIEW_AVATAR,
  text: r.text,
});

export const asModerated = (r: CustomerReviewRecord): ModeratedReview => ({
  id: r._id,
  bookingId: r._id,
  randomNumber: r.randomNumber,
  rating: r.rating,
  text: r.text,
  driverRating: r.driverRating,
  driverId: r.driver?.id ?? null,
  driverName: r.driver?.name ?? null,
  authorName: r.authorName,
  status: r.status,
  submittedAt: r.submittedAt,
  moderatedAt: r.moderatedAt,
  moderatedBy: r.moderatedBy,
});
