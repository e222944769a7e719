import type { GeoSuggestion, RouteEstimate } from '@vanhop/contracts';
import type { LatLng } from './great-circle.js';

/** A resolved place: where it is and which postcode district it lies in (for zone charges). */
export interface GeoPoint extends LatLng {
  label: string;
  outcode: string | null;
}

export type { RouteEstimate } from '@vanhop/contracts';

/**
 * How a geocoder reads the label a customer chose for a stop: a place it would itself have offered
 * (or a real postcode or district), a text naming more than one place, or nothing it knows.
 */
export type LabelReading = { kind: 'place'; point: GeoPoint } | { kind: 'two-places' } | { kind: 'unknown' };

/** Geography the quote service needs; embedded (offline table) and Google adapters implement it. */
export interface GeoPort {
  /** UK postcodes (full or partial) and places matching what the user typed. */
  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]>;
  /** Resolves an address label to a UK point, or null when it is unknown or outside the UK. */
  geocode(address: string): Promise<GeoPoint | null>;
  /**
   * The strict reading of a stop a quote names (see LabelReading), where this geocoder offers the
   * labels itself (the offline table); a geocoder that resolves any description (Google) has none.
   */
  readLabel?(label: string): Promise<LabelReading>;
  /** Driving distance and time over the points in order (pickup → via stops → dropoff). */
  route(points: GeoPoint[]): Promise<RouteEstimate>;
}
