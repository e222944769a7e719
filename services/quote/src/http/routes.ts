import type { Express } from 'express';
import {
  bookingCompleteSchema,
  bookingDraftSchema,
  MSG,
  type BookingQuoteResponse,
  type GeoCoverageResponse,
  type GeoGeocodeResponse,
} from '@vanhop/contracts';
import { passes, route, validateNow, ValidationError } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';

/** A query value must be one plain string: arrays and objects (`q[$gt]=`) are refused. */
function queryString(value: unknown, field: string, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string')
    throw new ValidationError(`${field} must be a single text value`, {
      [field]: `${field} must be a single text value`,
    });
  if (value.length > 300) throw new ValidationError(`${field} is too long`, { [field]: `${field} is too long` });
  return value;
}

function coordinate(value: unknown, field: 'lat' | 'lng'): number {
  const text = queryString(value, field, true)!;
  const n = Number(text);
  const limit = field === 'lat' ? 90 : 180;
  if (!/^-?\d+(\.\d+)?$/.test(text.trim()) || Math.abs(n) > limit) {
    throw new ValidationError(`${field} must be a number from -${limit} to ${limit}`, {
      [field]: `${field} must be a number from -${limit} to ${limit}`,
    });
  }
  return n;
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
      // A complete booking's hours must cover the drive (a 400 naming `hour`, with the estimate).
      const priced = await deps.priceMove.run(receivedData, { checkBusy: true, hoursMustCoverDrive: true });
      // Only a complete quote counts towards the dashboard's conversion: drafts are priced as the form fills in.
      if (!preliminary) deps.tally?.record();
      const body: BookingQuoteResponse = {
        yourinfo: { receivedData },
        quote: priced.quote,
        offers: priced.offers,
        preliminary,
      };
      res.json(body);
    }),
  );

  app.get(
    '/api/geo/autocomplete',
    route(async (req, res) => {
      const q = queryString(req.query.q, 'q', false) ?? '';
      res.json({ predictions: await deps.geo.autocomplete(q) });
    }),
  );

  app.get(
    '/api/geo/geocode',
    route(async (req, res) => {
      const address = queryString(req.query.address, 'address', true)!;
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
    route(async (req, res) => {
      let at: { lat: number; lng: number };
      if (req.query.address !== undefined) {
        const point = await deps.geo.geocode(queryString(req.query.address, 'address', true)!);
        if (!point) throw new ValidationError(MSG.home.selectFromList, { address: MSG.home.selectFromList });
        at = point;
      } else {
        at = { lat: coordinate(req.query.lat, 'lat'), lng: coordinate(req.query.lng, 'lng') };
      }
      const body: GeoCoverageResponse = pickupCoverage(at);
      res.json(body);
    }),
  );
}
