import * as yup from 'yup';
import { PAYMENT_PERCENTAGES, RETRIEVE_CODE_MAX, type PaymentPercentage } from '../constants.js';
import { MSG } from '../messages.js';

/** Booking ids are UUIDs; provider references (Checkout Session / PaymentIntent ids) are opaque tokens. */
export const BOOKING_ID_PATTERN = /^[\w-]{1,64}$/;
export const PROVIDER_REF_PATTERN = /^[\w-]{1,255}$/;

/** 30, 50 or 100 (a numeric string is accepted); anything else gets the SPEC's own message. */
export const paymentPercentageSchema = yup
  .number()
  .transform((value, original) => (typeof original === 'string' && /^\d+$/.test(original) ? Number(original) : typeof original === 'number' ? original : NaN))
  .typeError(MSG.payment.choosePercentage)
  .required(MSG.payment.choosePercentage)
  .oneOf([...PAYMENT_PERCENTAGES], MSG.payment.choosePercentage) as yup.Schema<PaymentPercentage>;

/** What identifies a booking in a payment call: the record's `_id` or its retrieve code. */
export const bookingIdSchema = yup.string().strict(true).matches(BOOKING_ID_PATTERN, 'Invalid booking id');
export const retrieveCodeSchema = yup
  .number()
  .transform((value, original) => (typeof original === 'string' && /^\d{1,8}$/.test(original) ? Number(original) : typeof original === 'number' ? original : NaN))
  .typeError('Invalid code')
  .integer('Invalid code')
  .min(1, 'Invalid code')
  .max(RETRIEVE_CODE_MAX, 'Invalid code');

export const providerRefSchema = (field: string) =>
  yup.string().strict(true).required(`${field} is required`).matches(PROVIDER_REF_PATTERN, `${field} is required`);
