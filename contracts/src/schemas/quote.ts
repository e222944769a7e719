import * as yup from 'yup';
import type { AddressEntry } from './booking.js';
import type { ItemLine, JobEstimate } from '../items.js';
import {
  RETRIEVE_CODE_MAX,
  type HelpLevel,
  type PaymentPercentage,
  type PaymentStatus,
  type VanSize,
} from '../constants.js';

/**
 * A priced quote in the wire contract's exact field names (docs/WIRE-CONTRACT.md, "The Quote",
 * which explains the odd ones). Money fields are pounds with 2 decimals (the wire format clients
 * expect); services compute in pence internally.
 */
export interface Quote {
  name: string;
  email: string;
  phone: string;
  description: string;
  /** ISO date-time of the move ('' for a draft without a date). */
  date: string;
  totalAddress: AddressEntry[];
  /** Location names in route order. */
  places: string[];
  pickupStair: number;
  deliveryStair: number;
  /** Flights at each via stop, in order. */
  viaStopStair: number[];
  /** The van size. Lower-case "of" (and upper-case in typeOfWorker) as the old client spelt them: fixed wire names. */
  typeofVan: VanSize;
  /** The help level (No-Help ... Driver-Plus-Two). */
  typeOfWorker: HelpLevel;
  /** Booked hours (billable hours are at least the minimum). */
  totalHour: number;
  /** Billable seconds the total pays for; overtime per half hour = 1800 × totalPrice / totalSecond. */
  totalSecond: number;
  /** Pounds, 2 decimals. */
  totalPrice: number;
  /** Driving time in **seconds**, despite the name (the old client's field). */
  travelHour: number;
  travelMiles: number;
  percentage?: PaymentPercentage | null;
  /** Echo of the van size the customer asked for, where the old client read it back. */
  yourinfo?: { receivedData: { vanSize: VanSize } };
  /** Our additions beside the wire-contract fields. */
  driverId?: string;
  driverName?: string;
  driverRating?: number;
  /** Half the driver's hourly rate for the van, help and stairs booked: what each half hour beyond the booked time costs. */
  overtimePerHalfHour?: number;
  /** Estimated loading + unloading time (the item list's or the van's, with help and stairs), shown beside the quote; not priced. */
  loadingSeconds?: number;
  /** Drive + loading and the hours that cover them (the job estimate shown beside every offer). */
  estimate?: JobEstimate;
  /** What is moving, when the customer listed it. */
  items?: ItemLine[];
}

/** One driver's offer in the quotes popup. */
export interface Offer {
  driverId: string;
  driverName: string;
  rating: number;
  reviewCount: number;
  /** The driver's photo (https or data: image), when the quote service has one; the popup shows initials otherwise. */
  photoUrl?: string;
  typeofVan: VanSize;
  typeOfWorker: HelpLevel;
  /** Pounds. */
  totalPrice: number;
  /** Half the driver's hourly rate for the van, help and stairs booked. */
  overtimePerHalfHour: number;
  /** The job estimate (drive + loading = suggested hours), the same for every offer of one move. */
  estimate?: JobEstimate;
  /** Payable on the day, never in the total. */
  chargesOnTheDay: { label: string; amount: number | null }[];
  breakdown: { label: string; amount: number }[];
}

/** One day either side of a dated quote's: what a quote for the same move then is priced at. */
export interface FlexibleDate {
  /** The London day (YYYY-MM-DD). */
  day: string;
  /** ISO date-time: the move's start that day, at the same London time as the quote's. */
  date: string;
  /** Pounds, 2 decimals; null when no driver is free then (a day that cannot be booked is not listed). */
  lowestPrice: number | null;
}

/** POST /api/booking answer. */
export interface BookingQuoteResponse {
  yourinfo: { receivedData: Record<string, unknown> };
  quote: Quote;
  /** One page of the ranked offers (at most MAX_OFFERS): the first always holds the cheapest, the best rated and the soonest free. */
  offers: Offer[];
  preliminary: boolean;
  /** How many drivers can take the move (every page together); set by the quote service. */
  offersTotal?: number;
  /** The order and the page answered (POST /api/booking?offersSort=&offersOffset=&offersLimit=). */
  offersSort?: OfferSort;
  offersOffset?: number;
  /** The filters applied (POST /api/booking?offersMinRating=&offersMaxPrice=&offersUlezCompliant=); absent: none. */
  offersFilter?: OfferFilter;
  /**
   * A dated quote's first page: of the 7 days either side of the chosen one, in order, those that can
   * still be booked (the chosen day and the days before the earliest booking time left out).
   */
  flexibleDates?: FlexibleDate[];
}

/** The orders the offers can be ranked in: cheapest first, best rated first, soonest free first. */
export const OFFER_SORTS = ['price', 'rating', 'soonest'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
/** The most offers one quote answer carries: a phone gets a page, not the fleet. */
export const MAX_OFFERS = 12;
/** The deepest page asked for: no move has more drivers than this. */
export const MAX_OFFERS_OFFSET = 100_000;

/** The "rated at least" choices the offers can be filtered by (stars, as query text). */
export const OFFER_MIN_RATINGS = ['4', '4.5'] as const;
/** The highest "at most £" the offers can be filtered by: above any move's price. */
export const MAX_OFFERS_PRICE_POUNDS = 100_000;

/**
 * Which offers a customer wants to see (every one when empty): drivers rated at least `minRating`,
 * costing at most `maxPricePounds` all in (the price plus the known charges on the day), and only
 * ULEZ-compliant vans. Applied on the server, so `offersTotal` and the pages count what matches.
 */
export interface OfferFilter {
  minRating?: number;
  maxPricePounds?: number;
  ulezCompliant?: boolean;
}

const wholeNumberQuery = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return yup
    .string()
    .strict(true)
    .typeError(message)
    .matches(/^\d{1,6}$/, message)
    .test('range', message, (v) => v === undefined || (Number(v) >= min && Number(v) <= max));
};

/**
 * POST /api/booking query: which page of the offers, in which order, with which filters (all
 * optional: price order, the first MAX_OFFERS, every driver who can take the move).
 */
export const offersPageQuerySchema = yup.object({
  offersSort: yup
    .string()
    .strict(true)
    .typeError('offersSort must be price, rating or soonest')
    .oneOf([...OFFER_SORTS], 'offersSort must be price, rating or soonest'),
  offersOffset: wholeNumberQuery('offersOffset', 0, MAX_OFFERS_OFFSET),
  offersLimit: wholeNumberQuery('offersLimit', 1, MAX_OFFERS),
  offersMinRating: yup
    .string()
    .strict(true)
    .typeError(`offersMinRating must be ${OFFER_MIN_RATINGS.join(' or ')}`)
    .oneOf([...OFFER_MIN_RATINGS], `offersMinRating must be ${OFFER_MIN_RATINGS.join(' or ')}`),
  offersMaxPrice: wholeNumberQuery('offersMaxPrice', 1, MAX_OFFERS_PRICE_POUNDS),
  offersUlezCompliant: yup
    .string()
    .strict(true)
    .typeError('offersUlezCompliant must be true')
    .oneOf(['true'], 'offersUlezCompliant must be true'),
});
export type OffersPageQuery = yup.InferType<typeof offersPageQuerySchema>;

/** A stored booking record (booking service); what admin lists and what retrieve returns. */
export interface BookingRecord {
  _id: string;
  /** The retrieve code (1 to 10,000,000) the customer keeps; staff see it as "Unique Code". The old name stays on the wire. */
  randomNumber: number;
  /** ISO: when the quote was saved (the move's date is `quote.date`). */
  date: string;
  /** What was paid: unpaid, 30percentage, 50percentage or paid (the old back end's values, see PAYMENT_STATUSES). */
  paymentStatus: PaymentStatus;
  /**
   * Pounds still owed to the driver on the day. The capital O is the old back end's spelling: a wire
   * name clients read, kept as it is (docs/WIRE-CONTRACT.md, "The booking record").
   */
  OutstandingBalance: number;
  percentage: PaymentPercentage | null;
  reviewRequest: boolean;
  quote: Quote;
  /** Booking-request data the server priced from (kept so money always re-prices server-side). */
  request?: Record<string, unknown>;
  /** Snapshot of the chosen driver at save time: they receive the customer's details after payment. */
  driver?: { id: string; name: string; email: string; phone: string } | null;
  /** Always present (null when live) so every store adapter can filter on it. */
  deletedAt?: string | null;
  /**
   * On the customer's view (retrieve): where the booking stands (active, postponed as `frozen`,
   * cancelled) and that in words, beside `paymentStatus`, which keeps its wire-contract values.
   */
  state?: 'active' | 'frozen' | 'cancelled';
  statusText?: string;
  /**
   * On the customer's view: the booked driver gave the job back and no other has it yet (the quote
   * then names no driver: never one who declined).
   */
  findingDriver?: boolean;
}

/** POST /api/saveRetrieve body: the client's quote is only a request, re-priced on the server. */
export const saveRetrieveSchema = yup.object({
  date: yup.string().optional(),
  randomNumber: yup.number().integer().min(1).max(RETRIEVE_CODE_MAX).optional(),
  quote: yup.object().required('quote is required'),
});

/** POST /api/saveRetrieve body as the web app sends it: the quote shown, and the retrieve code it chose. */
export interface SaveRetrieveRequest {
  date?: string;
  quote: Quote;
  randomNumber?: number;
}

/** POST /api/saveRetrieve answer (201): the saved record. */
export interface SaveRetrieveResponse {
  data: BookingRecord;
}
