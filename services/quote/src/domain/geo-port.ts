import type { GeoSuggestion } from '@vanhop/contracts';
import type { LatLng } from './great-circle.js';

/** A resolved place: where it is and which postcode district it lies in (for zone charges). */
export interface GeoPoint extends LatLng {
  label: string;
  outcode: string | null;
}

export interface RouteEstimate {
  /** Road miles, whole route. */
  miles: number;
  /** Driving seconds, whole route. */
  seconds: number;
  legs: { miles: number; seconds: number }[];
}

/** Geography the quote service needs; embedded (offline table) and Google adapters implement it. */
export interface GeoPort {
  /** UK postcodes (full or partial) and places matching what the user typed. */
  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]>;
  /** Resolves an address label to a UK point, or null when it is unknown or outside the UK. */
  geocode(address: string): Promise<GeoPoint | null>;
  /** Driving distance and time over the points in order (pickup → via stops → dropoff). */
  route(points: GeoPoint[]): Promise<RouteEstimate>;
}
