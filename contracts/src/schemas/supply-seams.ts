import * as yup from 'yup';
import { bookingDraftSchema } from './booking.js';

/**
 * What the supply side asks of pricing and geocoding: the drivers who can take a booked move,
 * ranked, and a place's point. Served by quote under /internal (INTERNAL_PATHS.candidates and
 * .geocode), called by the side that holds the drivers and their jobs.
 */

/** POST /internal/candidates body: the booked move as a draft (the job keeps what pricing reads). */
export const internalCandidatesRequestSchema = bookingDraftSchema;

/** One driver who can take the move, with their own price and what the customer also pays on the day. */
export interface InternalCandidate {
  driverId: string;
  name: string;
  /** The driver's own price for the move. */
  totalPence: number;
  /** What the customer also pays on the day that is known in advance (the sum of chargesOnTheDay). */
  onTheDayPence: number;
  /** The rating ranked by (shown rating) and its count: ties in price go to the better rated. */
  rating: number;
  reviewCount: number;
  chargesOnTheDay: { label: string; amountPence: number }[];
}

/**
 * POST /internal/candidates answer: every driver pricing finds free for the whole move, cheapest in
 * all the customer pays first (own price and known charges on the day), and where the move starts
 * (the pickup a re-check of a driver's radius measures from).
 */
export interface InternalCandidatesResponse {
  pickup: { lat: number; lng: number };
  candidates: InternalCandidate[];
}

/** POST /internal/geocode body: a postcode or a place's name. */
export const internalGeocodeRequestSchema = yup.object({
  place: yup
    .string()
    .strict(true)
    .typeError('place must be a text')
    .trim()
    .required('place is required')
    .max(300, 'place is too long'),
});
export type InternalGeocodeRequest = yup.InferType<typeof internalGeocodeRequestSchema>;

/** POST /internal/geocode answer (404 when the place is unknown or outside the UK). */
export interface InternalGeocodeResponse {
  label: string;
  lat: number;
  lng: number;
  /** The postcode district the point lies in, when known (zone charges). */
  outcode: string | null;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isInternalCandidatesResponse(v: unknown): v is InternalCandidatesResponse {
  const r = v as Partial<InternalCandidatesResponse> | null;
  return (
    typeof r?.pickup === 'object' &&
    r.pickup !== null &&
    isNumber(r.pickup.lat) &&
    isNumber(r.pickup.lng) &&
    Array.isArray(r.candidates) &&
    r.candidates.every(
      (c) =>
        typeof c?.driverId === 'string' &&
        typeof c.name === 'string' &&
        isNumber(c.totalPence) &&
        Array.isArray(c.chargesOnTheDay),
    )
  );
}

export function isInternalGeocodeResponse(v: unknown): v is InternalGeocodeResponse {
  const r = v as Partial<InternalGeocodeResponse> | null;
  return typeof r?.label === 'string' && isNumber(r.lat) && isNumber(r.lng);
}
