/**
 * VanHop's own approved reviews of named drivers, for the pages that show a driver's rating from
 * the rating they brought (staff Drivers, the driver's portal). Offers carry the combined figure
 * already, from the quote service.
 */
import { DRIVER_RATINGS_MAX_IDS, type DriverRatings } from '@vanhop/contracts';
import { request } from './client';

/** The named drivers' ratings, asked for a few at a time (the service answers at most 50 per request). */
export async function fetchDriverRatings(driverIds: readonly string[]): Promise<DriverRatings> {
  const ids = [...new Set(driverIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += DRIVER_RATINGS_MAX_IDS) chunks.push(ids.slice(i, i + DRIVER_RATINGS_MAX_IDS));
  const answers = await Promise.all(
    chunks.map((c) => request<DriverRatings>('GET', `/reviews/drivers?ids=${c.map(encodeURIComponent).join(',')}`)),
  );
  // A null-prototype object: a driver id is only ever an ordinary key.
  return Object.assign(Object.create(null) as DriverRatings, ...answers);
}

/**
 * The mean over both sets of reviews, one decimal; the count of both: the quote service's figure
 * on offers (its shownRating), from VanHop's exact sum when the answer carries it.
 */
export function combinedRating(
  offer: { rating: number; reviewCount: number },
  own: { rating: number; count: number; sum?: number } | undefined,
): { rating: number; count: number } {
  if (!own || own.count <= 0) return { rating: offer.rating, count: offer.reviewCount };
  const count = offer.reviewCount + own.count;
  const rating = (offer.rating * offer.reviewCount + (own.sum ?? own.rating * own.count)) / count;
  return { rating: Math.round(rating * 10) / 10, count };
}
