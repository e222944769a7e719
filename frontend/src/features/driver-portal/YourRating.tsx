/**
 * The driver's rating as customers see it beside their offers: the rating they came with and
 * VanHop's approved reviews together (the same figure as the quotes and the staff Drivers list).
 */
import type { DriverRatings } from '@vanhop/contracts';
import { combinedRating, fetchDriverRatings } from '../../api/driverRatings';
import { useResource } from '../../lib';

export function YourRating({
  driverId,
  rating,
  reviewCount,
}: {
  driverId: string;
  rating: number;
  reviewCount: number;
}) {
  // Without VanHop's reviews the rating the driver came with is still true as far as it goes.
  const ratings = useResource(() => fetchDriverRatings([driverId]), [driverId]);
  const own: DriverRatings | null = ratings.loading ? null : (ratings.data ?? {});
  if (own === null) return null;
  const shown = combinedRating({ rating, reviewCount }, own[driverId]);
  return (
    <p className="portal-muted" data-testid="your-rating">
      {shown.count > 0
        ? `Your rating, as customers see it: ${shown.rating.toFixed(1)} ★ from ${shown.count} ${shown.count === 1 ? 'review' : 'reviews'}.`
        : 'No reviews yet: customers see you as a new driver.'}
    </p>
  );
}
