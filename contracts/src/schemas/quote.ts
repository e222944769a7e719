import * as yup from 'yup';
import type { AddressEntry } from './booking.js';
import type { HelpLevel, PaymentPercentage, PaymentStatus, VanSize } from '../constants.js';

/**
 * A priced quote in SPEC.md's exact field names (section 3 "Quote"). Money fields are pounds with
 * 2 decimals (the wire format clients expect); services compute in pence internally.
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
  typeofVan: VanSize;
  typeOfWorker: HelpLevel;
  /** Booked hours (billable hours are at least the minimum). */
  totalHour: number;
  /** Billable seconds the total pays for; overtime per half hour = 1800 × totalPrice / totalSecond. */
  totalSecond: number;
  /** Pounds, 2 decimals. */
  totalPrice: number;
  /** Driving time in seconds. */
  travelHour: number;
  travelMiles: number;
  percentage?: PaymentPercentage | null;
  yourinfo?: { receivedData: { vanSize: VanSize } };
  /** Our additions beside the SPEC fields. */
  driverId?: string;
  driverName?: string;
  driverRating?: number;
  overtimePerHalfHour?: number;
  /** Estimated loading + unloading time for this van (LOADING_SECONDS), shown beside the quote; not priced. */
  loadingSeconds?: number;
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
  overtimePerHalfHour: number;
  /** Payable on the day, never in the total. */
  chargesOnTheDay: { label: string; amount: number | null }[];
  breakdown: { label: string; amount: number }[];
}

/** POST /api/booking answer. */
export interface BookingQuoteResponse {
  yourinfo: { receivedData: Record<string, unknown> };
  quote: Quote;
  offers: Offer[];
  preliminary: boolean;
}

/** A stored booking record (booking service); what admin lists and what retrieve returns. */
export interface BookingRecord {
  _id: string;
  randomNumber: number;
  /** ISO: when the quote was saved. */
  date: string;
  paymentStatus: PaymentStatus;
  /** Pounds still owed to the driver on the day. */
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
}

/** POST /api/saveRetrieve body: the client's quote is only a request, re-priced on the server. */
export const saveRetrieveSchema = yup.object({
  date: yup.string().optional(),
  randomNumber: yup.number().integer().min(1).max(10_000_000).optional(),
  quote: yup.object().required('quote is required'),
});
