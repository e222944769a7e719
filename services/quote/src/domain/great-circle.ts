import { EARTH_RADIUS_MILES, NW2_REFERENCE, SERVICE_RADIUS_MILES } from '@vanhop/contracts';

export interface LatLng { lat: number; lng: number }

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles on a sphere of radius 3958.8 mi. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Pickups must lie within 30 miles of NW2; deliveries may go anywhere in the UK. */
export function pickupCoverage(point: LatLng): { withinRadius: boolean; miles: number; radiusMiles: number } {
  const miles = haversineMiles(NW2_REFERENCE, point);
  return { withinRadius: miles <= SERVICE_RADIUS_MILES, miles: round2(miles), radiusMiles: SERVICE_RADIUS_MILES };
}
