/**
 * A driver's rating in words. A driver nobody has reviewed yet has no rating, not a bad one: "★ 0.0
 * (0)" beside a new driver reads as the worst score, so they are shown as new instead.
 */
export const NEW_DRIVER_TEXT = 'New driver';
export const NO_REVIEWS_TEXT = 'No reviews yet';

export interface RatingText {
  /** Whether anyone has reviewed the driver: only then is there a score to show. */
  reviewed: boolean;
  /** What a screen reader says in place of the stars. */
  spoken: string;
}

export function ratingText({ rating, count }: { rating: number; count: number }): RatingText {
  if (!(count > 0)) return { reviewed: false, spoken: `${NEW_DRIVER_TEXT}: ${NO_REVIEWS_TEXT.toLowerCase()}` };
  return {
    reviewed: true,
    spoken: `Rated ${rating.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  };
}
