/**
 * Where pickups are possible: the one coverage rule the quote service enforces, the home search
 * checks before it sends the customer on, and the coverage map draws (docs/PRICING.md, "Who can
 * quote"). Pickups within SERVICE_RADIUS_MILES of NW2 by great-circle distance; delivery anywhere.
 */
import { COVERAGE_CIRCLE_METRES, EARTH_RADIUS_MILES, NW2_REFERENCE, SERVICE_RADIUS_MILES } from './constants.js';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles on a sphere of radius 3958.8 mi. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const milesFromServiceCentre = (at: LatLng): number => haversineMiles(NW2_REFERENCE, at);

/** The rule: may a move be collected here? */
export const withinServiceArea = (at: LatLng): boolean => milesFromServiceCentre(at) <= SERVICE_RADIUS_MILES;

/** GET /api/geo/coverage's answer for a point. */
export function pickupCoverage(at: LatLng): { withinRadius: boolean; miles: number; radiusMiles: number } {
  const miles = milesFromServiceCentre(at);
  return {
    withinRadius: miles <= SERVICE_RADIUS_MILES,
    miles: Math.round(miles * 100) / 100,
    radiusMiles: SERVICE_RADIUS_MILES,
  };
}

/** The map's circle is the rule's radius (48,282 m is 30 miles to the metre the map can show). */
export const COVERAGE_RADIUS_METRES = COVERAGE_CIRCLE_METRES;
