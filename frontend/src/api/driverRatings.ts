/**
 * Driver ratings beside each offer: the rating and count the driver brought with them (on the
 * offer, from the quote service) together with VanHop's own approved reviews that rated them.
 */
import type { DriverRatings } from '@vanhop/contracts';
import { request } from './client';

export const fetchDriverRatings = () => request<DriverRatings>('GET', '/reviews/drivers');

/** The mean over both sets of reviews, one decimal; the count of both. */
export function combinedRating(
  offer: { rating: number; reviewCount: number },
  own: { rating: number; count: number } | undefined,
): { rating: number; count: number } {
  if (!own || own.count <= 0) return { rating: offer.rating, count: offer.reviewCount };
  const count = offer.reviewCount + own.count;
  const rating = (offer.rating * offer.reviewCount + own.rating * own.count) / count;
  return { rating: Math.round(rating * 10) / 10, count };
}
