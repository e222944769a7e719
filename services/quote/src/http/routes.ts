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
  type OfferSort,
  type GeoCoverageResponse,
  type GeoGeocodeResponse,
} from '@vanhop/contracts';
import { input, passes, route, validated, validateNow, ValidationError } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import { refuseUnchosenPlaces } from '../app/chosen-places.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';

/** Which page of offers the query asks for (a 400 naming the field when it is not one). */
function offersPage(query: unknown): { sort: OfferSort; offset: number; limit: number } {
  const q = query as Record<string, unknown> | undefined;
  // Most quotes ask for the first page: no validation to run then.
  if (!q || (q.offersSort === undefined && q.offersOffset === undefined && q.offersLimit === undefined))
    return { sort: 'price', offset: 0, limit: MAX_OFFERS };
  const { offersSort, offersOffset, offersLimit } = validateNow(
    offersPageQuerySchema,
    { offersSort: q.offersSort, offersOffset: q.offersOffset, offersLimit: q.offersLimit },
    'Query',
  );
  return {
    sort: offersSort ?? 'price',
    offset: offersOffset === undefined ? 0 : Number(offersOffset),
    limit: offersLimit === undefined ? MAX_OFFERS : Number(offersLimit),
  };
}

export function quoteRoutes(
  app: Express,
  deps: { priceMove: PriceMove; geo: GeoPort; tally?: { record(): void } },
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
        ...(priced.flexibleDates ? { flexibleDates: priced.flexibleDates } : {}),
      };
      res.json(body);
    }),
  );

  app.get(
    '/api/geo/autocomplete',
    validated(geoAutocompleteQuerySchema, 'query', { what: 'Query' }),
    route(async (_req, res) => {
      const q = input(res, 'query', geoAutocompleteQuerySchema).q ?? '';
      res.json({ predictions: await deps.geo.autocomplete(q) });
    }),
  );

  app.get(
    '/api/geo/geocode',
    validated(geoGeocodeQuerySchema, 'query', { what: 'Query' }),
    route(async (_req, res) => {
      const { address } = input(res, 'query', geoGeocodeQuerySchema);
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
    validated(geoCoverageQuerySchema, 'query', { what: 'Query' }),
    route(async (_req, res) => {
      const query = input(res, 'query', geoCoverageQuerySchema);
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
