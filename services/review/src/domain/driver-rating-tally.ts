import type { ReviewStatus } from '@vanhop/contracts';

/**
 * One driver's approved VanHop reviews that rated them: how many, and the sum of their driver
 * ratings (whole stars, so the sum stays exact). `version` grows by one with every change.
 */
export interface DriverRatingTally {
  _id: string;
  count: number;
  sum: number;
  version: number;
  /** The changes already added in (a replayed change is then not added twice); pulled once settled. */
  applied: string[];
  updatedAt: string;
}

/**
 * A change of what one review adds to its driver's tally, parked on the review while it is applied:
 * a process that stops half way leaves it there, and the next one finishes it.
 */
export interface RatingChange {
  id: string;
  driverId: string;
  /** The driver rating the tally counts once the change is in (null: none). */
  to: number | null;
  countDelta: number;
  sumDelta: number;
}

/** What the review adds to its driver's tally: its driver rating while approved, else nothing. */
export function ratingToCount(r: {
  status: ReviewStatus;
  driver: { id: string } | null;
  driverRating: number | null;
}): number | null {
  return r.status === 'approved' && r.driver && r.driverRating !== null ? r.driverRating : null;
}

/** The change that takes the tally from counting `from` to counting `to` (null when nothing changes). */
export function ratingChange(
  id: string,
  driverId: string,
  from: number | null,
  to: number | null,
): RatingChange | null {
  if (from === to) return null;
  return {
    id,
    driverId,
    to,
    countDelta: (to === null ? 0 : 1) - (from === null ? 0 : 1),
    sumDelta: (to ?? 0) - (from ?? 0),
  };
}
