import * as yup from 'yup';
import { PAYMENT_PERCENTAGES, RETRIEVE_CODE_MAX, type PaymentPercentage } from '../constants.js';
import { MSG } from '../messages.js';
import type { BookingRecord, Quote } from './quote.js';

/** Booking ids are UUIDs; provider references (Checkout Session / PaymentIntent ids) are opaque tokens. */
export const BOOKING_ID_PATTERN = /^[\w-]{1,64}$/;
export const PROVIDER_REF_PATTERN = /^[\w-]{1,255}$/;

/** 30, 50 or 100 (a numeric string is accepted); anything else gets the contract's own message. */
export const paymentPercentageSchema = yup
  .number()
  .transform((_value, original) =>
    typeof original === 'string' && /^\d+$/.test(original)
      ? Number(original)
      : typeof original === 'number'
        ? original
        : NaN,
  )
  .typeError(MSG.payment.choosePercentage)
  .required(MSG.payment.choosePercentage)
  .oneOf([...PAYMENT_PERCENTAGES], MSG.payment.choosePercentage) as yup.Schema<PaymentPercentage>;

/** What identifies a booking in a payment call: the record's `_id` or its retrieve code. */
export const bookingIdSchema = yup.string().strict(true).matches(BOOKING_ID_PATTERN, 'Invalid booking id');
export const retrieveCodeSchema = yup
  .number()
  .transform((_value, original) =>
    typeof original === 'string' && /^\d{1,8}$/.test(original)
      ? Number(original)
      : typeof original === 'number'
        ? original
        : NaN,
  )
  .typeError('Invalid code')
  .integer('Invalid code')
  .min(1, 'Invalid code')
  .max(RETRIEVE_CODE_MAX, 'Invalid code');

export const providerRefSchema = (field: string) =>
  yup.string().strict(true).required(`${field} is required`).matches(PROVIDER_REF_PATTERN, `${field} is required`);

/**
 * Route inputs declared at the HTTP edge (platform `validated(schema, source)`): the ids and codes
 * a path, query or internal body carries. Records' ids are UUIDs as the booking service issues them;
 * internal routes accept any id of the same character set.
 */
export const BOOKING_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const bookingIdParamsSchema = yup.object({ id: bookingIdSchema.required('Invalid booking id') });
export const staffBookingIdParamsSchema = yup.object({
  id: yup.string().strict(true).required('Invalid booking id').matches(BOOKING_UUID_PATTERN, 'Invalid booking id'),
});
export const retrieveCodeParamsSchema = yup.object({ code: retrieveCodeSchema.required('Invalid code') });
/** GET /api/saveRetrieve?randomNumber=…: digits only, so `randomNumber[$gt]=0` never reaches a store. */
export const retrieveQuerySchema = yup.object({ randomNumber: retrieveCodeSchema.required('Invalid code') });
/** POST /internal/payments/balance body. */
export const balanceCheckoutRequestSchema = yup.object({ bookingId: bookingIdSchema.required('Invalid booking id') });

// ---- the customer payment routes' wire shapes (the web app's calls; the payment service's answers) ----

/** POST /api/paymentbooking body: the quote panel's quote with the chosen share, and the saved record's `_id`/code when there is one. */
export type CheckoutSessionRequest = Quote & {
  percentage: PaymentPercentage;
  _id?: string;
  randomNumber?: number;
  checkoutProofs?: string[];
};

/**
 * The most proofs a payment request may carry: the session ids (Checkout) and client secrets
 * (card payments) of the checkouts this browser opened and may still have open. Only with its proof
 * may a new checkout close one of them to take over its driver.
 */
export const MAX_CHECKOUT_PROOFS = 10;

/** POST /api/paymentbooking answer: the browser then goes to `url` (Stripe Checkout or the local test checkout). */
export interface CheckoutSessionResponse {
  sessionId: string;
  url: string;
}

/** One retrieved record as POST /api/savebooking(/updatepaymentstatus) takes it (sent as `[record]`). */
export type RecordPaymentItem = BookingRecord & {
  percentage?: PaymentPercentage | null;
  paymentIntentId?: string;
  /** The intent's client secret: only the paying page has it, and only it is answered the booking. */
  clientSecret?: string;
  /** See MAX_CHECKOUT_PROOFS. */
  checkoutProofs?: string[];
};

/**
 * POST /api/savebooking answer: the PaymentIntent's client secret (null when the provider gave none),
 * its id, the amount in pounds, and the local test checkout page when Stripe is not configured.
 */
export interface PaymentIntentResponse {
  clientSecret: string | null;
  paymentIntentId: string;
  amount: number;
  localCheckoutUrl?: string;
}
