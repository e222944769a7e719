import type { LatLng, VanLocationView, VanPosition } from '@vanhop/contracts';
import { estimateRoute } from '@vanhop/contracts';

/** What the van rule reads of a job. */
export interface VanFacts {
  status: 'offered' | 'accepted' | 'returned-to-staff';
  bookingState?: 'active' | 'postponed' | 'cancelled';
  progress?: 'on-my-way' | 'arrived' | 'done' | null;
}

/** The van is on its way: an accepted job of a live booking whose last step is "On my way". */
export const vanOnTheWay = (job: VanFacts): boolean =>
  job.status === 'accepted' && (job.bookingState ?? 'active') === 'active' && job.progress === 'on-my-way';

/**
 * The latest position with the road estimate to the pickup (offline estimate: straight line ×
 * road factor at London speeds), so the answer is the same with or without a routing provider.
 */
export function vanLocationView(
  onTheWay: boolean,
  van: VanPosition | null,
  pickup: (LatLng & { label: string }) | null,
): VanLocationView {
  const where = pickup ? { lat: pickup.lat, lng: pickup.lng, label: pickup.label } : null;
  if (!onTheWay || !van) return { onTheWay, van: null, pickup: where, eta: null };
  const at = { lat: van.lat, lng: van.lng, accuracyMetres: van.accuracyMetres, at: van.at };
  if (!pickup) return { onTheWay, van: at, pickup: null, eta: null };
  const road = estimateRoute([van, pickup]);
  return { onTheWay, van: at, pickup: where, eta: { seconds: road.seconds, miles: road.miles } };
}
