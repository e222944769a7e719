import type { Express } from 'express';
import {
  INTERNAL_PATHS,
  internalCandidatesRequestSchema,
  internalGeocodeRequestSchema,
  type InternalGeocodeResponse,
} from '@vanhop/contracts';
import { NotFoundError, route, validated } from '@vanhop/platform';
import type { EveryCandidate } from '../app/every-candidate.js';
import type { GeoPort } from '../domain/geo-port.js';

const candidatesRequest = validated(internalCandidatesRequestSchema, 'body', { what: 'Booking' });
const geocodeRequest = validated(internalGeocodeRequestSchema, 'body', { what: 'Place' });

/**
 * What the supply side asks of pricing and geocoding, under /internal (never proxied): the drivers
 * who can take a booked move, ranked (hand-on, reassignment, the customer's choice of another
 * driver), and a postcode's or place's point (a driver's home base, a job's pickup on the van map).
 */
export function supplySeamRoutes(
  app: Express,
  deps: { candidates: Pick<EveryCandidate, 'rank'>; geo: Pick<GeoPort, 'geocode'> },
): void {
  app.post(
    INTERNAL_PATHS.candidates,
    candidatesRequest,
    route(async (_req, res) => {
      res.json(await deps.candidates.rank(candidatesRequest.of(res)));
    }),
  );

  app.post(
    INTERNAL_PATHS.geocode,
    geocodeRequest,
    route(async (_req, res) => {
      const point = await deps.geo.geocode(geocodeRequest.of(res).place);
      if (!point) throw new NotFoundError('No such place');
      const answer: InternalGeocodeResponse = {
        label: point.label,
        lat: point.lat,
        lng: point.lng,
        outcode: point.outcode,
      };
      res.json(answer);
    }),
  );
}
