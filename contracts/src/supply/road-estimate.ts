import { haversineMiles, type LatLng } from '../coverage.js';

/** A drive over points in order: road miles and driving seconds, whole route and per leg. */
export interface RouteEstimate {
  /** Road miles, whole route. */
  miles: number;
  /** Driving seconds, whole route. */
  seconds: number;
  legs: { miles: number; seconds: number }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Offline driving estimate. Roads are longer than the straight line: × 1.3 is the usual
 * circuity of British urban/suburban road networks. Time: London traffic averages about
 * 16 mph, so the first 10 road miles of each leg go at 16 mph; the rest of a leg is assumed to
 * be on A-roads and motorways at 45 mph.
 */
export const ROAD_FACTOR = 1.3;
export const URBAN_MPH = 16;
export const URBAN_MILES_PER_LEG = 10;
export const OPEN_ROAD_MPH = 45;

export function legSeconds(roadMiles: number): number {
  const urban = Math.min(roadMiles, URBAN_MILES_PER_LEG);
  const open = Math.max(0, roadMiles - URBAN_MILES_PER_LEG);
  return Math.round((urban / URBAN_MPH + open / OPEN_ROAD_MPH) * 3600);
}

/** Multi-leg estimate over the points in order. */
export function estimateRoute(points: LatLng[]): RouteEstimate {
  const legs = points.slice(1).map((to, i) => {
    const miles = haversineMiles(points[i]!, to) * ROAD_FACTOR;
    return { miles: round2(miles), seconds: legSeconds(miles) };
  });
  return {
    miles: round2(legs.reduce((s, l) => s + l.miles, 0)),
    seconds: legs.reduce((s, l) => s + l.seconds, 0),
    legs,
  };
}
