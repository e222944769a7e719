import * as yup from 'yup';

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

/** A query value: one plain text (an array from `q=a&q=b` or an object from `q[$gt]=` is refused). */
const queryText = (field: string) =>
  yup.string().strict(true).typeError(`${field} must be a single text value`).max(300, `${field} is too long`);

/** A latitude or longitude as a query gives it: a decimal number within ±limit. */
const coordinate = (field: 'lat' | 'lng', limit: number) => {
  const message = `${field} must be a number from -${limit} to ${limit}`;
  return (
    yup
      .string()
      .strict(true)
      .typeError(message)
      .matches(/^\s*-?\d+(\.\d+)?\s*$/, message)
      .test('range', message, (v) => v === undefined || Math.abs(Number(v)) <= limit)
      // Needed unless an address is given. A test reading the parent instead of yup's when(), which
      // clones and resolves the field's schema on every validation (a few per cent of a coverage request).
      .test('required-without-address', message, function (v) {
        return v !== undefined || (this.parent as { address?: unknown } | undefined)?.address !== undefined;
      })
  );
};

/** GET /api/geo/autocomplete query. */
export const geoAutocompleteQuerySchema = yup.object({ q: queryText('q').optional() });
/** GET /api/geo/geocode query. */
export const geoGeocodeQuerySchema = yup.object({ address: queryText('address').required('address is required') });
/** GET /api/geo/coverage query: an address, or else a point. */
export const geoCoverageQuerySchema = yup.object({
  address: queryText('address').optional(),
  lat: coordinate('lat', 90),
  lng: coordinate('lng', 180),
});
