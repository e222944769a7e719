import * as yup from 'yup';
import { bookingCompleteSchema, type BookingComplete } from './booking.js';
import { priceCardSchema, type PriceCardWire } from './driver.js';
import type { BookingRecord, Quote } from './quote.js';
import type { BookingSummary, PayBalanceResponse } from '../my-move.js';

/**
 * Service-to-service calls under /internal (never proxied by the gateway). Each call's request and
 * answer are declared here once, for the service that serves it and the one that calls it; the
 * callers check answers with the guards below before trusting them. See docs/WIRE-CONTRACT.md.
 */
export const INTERNAL_PATHS = {
  /** POST InternalPriceRequest → InternalPriceResponse (quote). */
  price: '/internal/quotes/price',
  /** POST InternalCreateBookingRequest → BookingRecord, 201 (booking). */
  bookings: '/internal/bookings',
  /** GET → BookingRecord (booking). */
  bookingById: (id: string) => `/internal/bookings/${encodeURIComponent(id)}`,
  /** GET → BookingRecord (booking). */
  bookingByCode: (code: number) => `/internal/bookings/by-code/${code}`,
  /** GET → BookingSummary (booking). */
  bookingSummary: (id: string) => `/internal/bookings/${encodeURIComponent(id)}/summary`,
  /** POST { bookingId } → PayBalanceResponse (payment). */
  balanceCheckout: '/internal/payments/balance',
  /** POST DriverHoldRequest → 201 (fleet). */
  driverHolds: (driverId: string) => `/internal/drivers/${encodeURIComponent(driverId)}/holds`,
  /** DELETE → { released } (fleet): an unpaid booking's checkout failed or was replaced. */
  bookingHolds: (bookingId: string) => `/internal/bookings/${encodeURIComponent(bookingId)}/holds`,
  /** POST InternalCandidatesRequest → InternalCandidatesResponse (quote): who can take a booked move, ranked. */
  candidates: '/internal/candidates',
  /** POST InternalGeocodeRequest → InternalGeocodeResponse, 404 when unknown (quote). */
  geocode: '/internal/geocode',
} as const;

/** Ids of drivers and bookings as internal paths and bodies carry them (a price request's `driverId`). */
export const INTERNAL_ID = /^[\w-]{1,64}$/;

/**
 * POST /internal/quotes/price body: the complete booking data and, optionally, the driver. Re-pricing a
 * stored booking adds its `bookingId` (the driver's time is checked as for a new quote, this booking's
 * own slots left out) and the `bookedCard` it was priced on (a change is priced at the booked rates,
 * not at rates the driver set since).
 */
export type InternalPriceRequest = Record<string, unknown> & {
  driverId?: string;
  bookingId?: string;
  bookedCard?: PriceCardWire;
};

/** `:id` of the fleet's internal driver routes: any id a booking may carry (unknown ones are 404, not 400). */
export const internalDriverIdParamsSchema = yup.object({
  id: yup.string().strict(true).required('Invalid driver id').matches(INTERNAL_ID, 'Invalid driver id'),
});

/** An optional id in an internal body: absent or null is none, anything else must look like an id. */
const optionalInternalId = (field: string, what: string) =>
  yup
    .string()
    .strict(true)
    .typeError(`${field} must be ${what}`)
    .nullable()
    .optional()
    .matches(INTERNAL_ID, `${field} must be ${what}`);

/** The InternalPriceRequest as quote validates it at its route. */
export const internalPriceRequestSchema = bookingCompleteSchema.shape({
  driverId: optionalInternalId('driverId', 'a driver id'),
  bookingId: optionalInternalId('bookingId', 'a booking id'),
  bookedCard: priceCardSchema.nullable().optional().default(undefined),
  /**
   * A booking's re-pricing may take its own driver outside their weekly hours and days off (never
   * over their other jobs): staff amendments, which the driver is then asked to confirm.
   */
  outsideDriverHours: yup.boolean().optional(),
});

/** The driver's contact snapshot a booking keeps (they get the customer's details once paid). */
export interface DriverContact {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** POST /internal/quotes/price answer: the server's own price of that move. */
export interface InternalPriceResponse {
  quote: Quote;
  driver: DriverContact | null;
  totalPricePence: number;
  pricePerHalfHourPence: number;
  /** The booking data as validated and priced (stored so money always re-prices server-side). */
  request: BookingComplete;
  /** The chosen driver's price card that priced it (the booking keeps it: later changes use these rates). */
  card?: PriceCardWire | null;
  /** Asked with `outsideDriverHours`: the move falls outside the driver's working hours, so they will be asked to confirm it. */
  outsideDriverHours?: boolean;
}

/**
 * The price answer's 409 when a booked move is changed (a new date, more hours, other stops) onto time
 * its driver does not have: booked for another job, not working then, or no longer driving for us.
 */
export const DRIVER_NOT_FREE_FOR_CHANGE =
  'The driver booked for this move is not free at that time: choose another time.';

/** POST /internal/bookings body: a quote never saved, to store as an unpaid record (no QuoteSaved). */
export interface InternalCreateBookingRequest {
  quote: Record<string, unknown>;
}

/** POST /internal/drivers/:id/holds body. */
export interface DriverHoldRequest {
  bookingId: string;
  start: string;
  hours: number;
  expiresAt: string;
  holder?: string;
  supersedes?: string[];
}

/** The hold's 409 when the customer's own unpaid checkouts stand in the way (code HELD_BY_CUSTOMER_CODE). */
export interface DriverHeldByCustomerAnswer {
  message: string;
  code: string;
  bookingIds: string[];
}

export type { BookingRecord, BookingSummary, PayBalanceResponse };

export function isInternalPriceResponse(v: unknown): v is InternalPriceResponse {
  const r = v as Partial<InternalPriceResponse> | null;
  return typeof r?.quote === 'object' && r.quote !== null;
}

export function isBookingRecord(v: unknown): v is BookingRecord {
  const r = v as BookingRecord | null;
  return (
    typeof r?._id === 'string' &&
    typeof r.randomNumber === 'number' &&
    typeof r.paymentStatus === 'string' &&
    typeof r.quote === 'object' &&
    r.quote !== null &&
    typeof r.quote.totalPrice === 'number' &&
    Number.isFinite(r.quote.totalPrice)
  );
}

export function isBookingSummary(v: unknown): v is BookingSummary {
  const s = v as BookingSummary | null;
  return (
    typeof s?.bookingId === 'string' &&
    typeof s.myMovePath === 'string' &&
    Number.isInteger(s.balancePence) &&
    Number.isInteger(s.paidPence) &&
    Number.isInteger(s.totalPricePence) &&
    Array.isArray(s.paymentRefs) &&
    typeof s.move === 'object' &&
    s.move !== null
  );
}

export function isPayBalanceResponse(v: unknown): v is PayBalanceResponse {
  const r = v as Partial<PayBalanceResponse> | null;
  return typeof r?.url === 'string' && typeof r.sessionId === 'string';
}
