/**
 * VanHop's own approved reviews of a driver as the review service last published them: how many
 * rated the driver and the sum of those ratings. `version` grows with every change there, so an
 * older figure arriving late never replaces a newer one.
 */
export interface VanhopReviews {
  count: number;
  sum: number;
  version: number;
}

/**
 * The rating a driver is shown, ranked and filtered by: the mean over the reviews they brought
 * (`rating` over `reviewCount`) and VanHop's own approved ones together, to one decimal, and the
 * count of both. The brought figure alone while VanHop has none.
 */
export function shownRating(d: { rating: number; reviewCount: number; vanhopReviews?: VanhopReviews }): {
  rating: number;
  reviewCount: number;
} {
  const own = d.vanhopReviews;
  if (!own || own.count <= 0) return { rating: d.rating, reviewCount: d.reviewCount };
  const reviewCount = d.reviewCount + own.count;
  const rating = (d.rating * d.reviewCount + own.sum) / reviewCount;
  return { rating: Math.round(rating * 10) / 10, reviewCount };
}
