/** GET /api/geo/autocomplete?q= answer: UK postcodes (full or partial) and places. */
export interface GeoSuggestion {
  /** What the input shows and what the booking stores as `location`, e.g. "London NW2, UK". */
  label: string;
  kind: 'postcode' | 'place';
  /** Outward code of the postcode district the suggestion resolves to, e.g. "NW2". */
  outcode: string;
  lat: number;
  lng: number;
}
export interface GeoAutocompleteResponse {
  predictions: GeoSuggestion[];
}

/** GET /api/geo/geocode?address= answer, shaped like Google's Geocoding API (the reference client reads results[0].geometry.location). */
export interface GeoGeocodeResponse {
  status: 'OK' | 'ZERO_RESULTS';
  results: { formatted_address: string; geometry: { location: { lat: number; lng: number } } }[];
}

/** GET /api/geo/coverage?address= (or ?lat=&lng=) answer: is a pickup inside the 30-mile NW2 radius? */
export interface GeoCoverageResponse {
  withinRadius: boolean;
  miles: number;
  radiusMiles: number;
}
