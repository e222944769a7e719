import type { Express } from 'express';
import {
  bookingCompleteSchema,
  bookingDraftSchema,
  geoAutocompleteQuerySchema,
  geoCoverageQuerySchema,
  geoGeocodeQuerySchema,
  MSG,
  offersPageQuerySchema,
  MAX_OFFERS,
  type BookingQuoteResponse,
  type OfferFilter,
  type OfferSort,
  poundsToPence,
  type GeoCoverageResponse,
  type GeoGeocodeResponse,
} from '@vanhop/contracts';
import { passes, route, validated, validateNow, ValidationError } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import type { RankedFilter } from '../domain/offer-ranking.js';
import { refuseUnchosenPlaces } from '../app/chosen-places.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';

const PAGE_FIELDS = [
  'offersSort',
  'offersOffset',
  'offersLimit',
  'offersMinRating',
  'offersMaxPrice',
  'offersUlezCompliant',
] as const;

/** Which page of offers the query asks for, with which filters (a 400 naming the field when one is not valid). */
function offersPage(query: unknown): {
  sort: OfferSort;
  offset: number;
  limit: number;
  filter?: OfferFilter;
} {
  const q = query as Record<string, unknown> | undefined;
  // Most quotes ask for the first page: no validation to run then.
  if (!q || PAGE_FIELDS.every((f) => q[f] === undefined)) return { sort: 'price', offset: 0, limit: MAX_OFFERS };
  const asked = validateNow(offersPageQuerySchema, Object.fromEntries(PAGE_FIELDS.map((f) => [f, q[f]])), 'Query');
  const filter: OfferFilter = {
    ...(asked.offersMinRating !== undefined ? { minRating: Number(asked.offersMinRating) } : {}),
    ...(asked.offersMaxPrice !== undefined ? { maxPricePounds: Number(asked.offersMaxPrice) } : {}),
    ...(asked.offersUlezCompliant === 'true' ? { ulezCompliant: true } : {}),
  };
  return {
    sort: asked.offersSort ?? 'price',
    offset: asked.offersOffset === undefined ? 0 : Number(asked.offersOffset),
    limit: asked.offersLimit === undefined ? MAX_OFFERS : Number(asked.offersLimit),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

/** The wire's filter (pounds) in the domain's units (pence). */
const rankedFilter = (f: OfferFilter): RankedFilter => ({
  ...(f.minRating !== undefined ? { minRating: f.minRating } : {}),
  ...(f.maxPricePounds !== undefined ? { maxAllInPence: poundsToPence(f.maxPricePounds) } : {}),
  ...(f.ulezCompliant ? { ulezCompliant: true } : {}),
});

const autocompleteQuery = validated(geoAutocompleteQuerySchema, 'query', { what: 'Query' });
const geocodeQuery = validated(geoGeocodeQuerySchema, 'query', { what: 'Query' });
const coverageQuery = validated(geoCoverageQuerySchema, 'query', { what: 'Query' });

export function quoteRoutes(
  app: Express,
  deps: { priceMove: Pick<PriceMove, 'run'>; geo: GeoPort; tally?: { record(): void } },
): void {
  app.post(
    '/api/booking',
    route(async (req, res) => {
      // Complete bookings (the common case) are validated once; a draft (no date, hours or contact
      // details yet) is then checked field by field and still priced, on the minimum hours.
      const complete = passes(bookingCompleteSchema, req.body);
      const receivedData = complete ?? validateNow(bookingDraftSchema, req.body, 'Booking');
      const preliminary = complete === null;
      await refuseUnchosenPlaces(deps.geo, receivedData.addresses);
      // A complete booking's hours must cover the drive (a 400 naming `hour`, with the estimate).
      const page = offersPage(req.query);
      const priced = await deps.priceMove.run(receivedData, {
        checkBusy: true,
        hoursMustCoverDrive: true,
        page,
        ...(page.filter ? { filter: rankedFilter(page.filter) } : {}),
        flexibleDates: page.offset === 0,
      });
      // Only a complete quote counts towards the dashboard's conversion: drafts are priced as the form fills in.
      if (!preliminary && page.offset === 0) deps.tally?.record();
      const body: BookingQuoteResponse = {
        yourinfo: { receivedData },
        quote: priced.quote,
        offers: priced.offers,
        preliminary,
        offersTotal: priced.offersTotal,
        offersSort: page.sort,
        offersOffset: page.offset,
        ...(page.filter ? { offersFilter: page.filter } : {}),
        ...(priced.flexibleDates ? { flexibleDates: priced.flexibleDates } : {}),
      };
      res.json(body);
    }),
  );

  app.get(
    '/api/geo/autocomplete',
    autocompleteQuery,
    route(async (_req, res) => {
      const q = autocompleteQuery.of(res).q ?? '';
      res.json({ predictions: await deps.geo.autocomplete(q) });
    }),
  );

  app.get(
    '/api/geo/geocode',
    geocodeQuery,
    route(async (_req, res) => {
      const { address } = geocodeQuery.of(res);
      const point = await deps.geo.geocode(address);
      const body: GeoGeocodeResponse = point
        ? {
            status: 'OK',
            results: [{ formatted_address: point.label, geometry: { location: { lat: point.lat, lng: point.lng } } }],
          }
        : { status: 'ZERO_RESULTS', results: [] };
      res.json(body);
    }),
  );

  app.get(
    '/api/geo/coverage',
    coverageQuery,
    route(async (_req, res) => {
      const query = coverageQuery.of(res);
      let at: { lat: number; lng: number };
      if (query.address !== undefined) {
        const point = await deps.geo.geocode(query.address);
        if (!point) throw new ValidationError(MSG.home.selectFromList, { address: MSG.home.selectFromList });
        at = point;
      } else {
        at = { lat: Number(query.lat), lng: Number(query.lng) };
      }
      const body: GeoCoverageResponse = pickupCoverage(at);
      res.json(body);
    }),
  );
}
