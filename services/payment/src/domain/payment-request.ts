import { RETRIEVE_CODE_MAX } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';
import type { BookingRef } from './booking-directory.js';

const BOOKING_ID = /^[\w-]{1,64}$/;
const PROVIDER_REF = /^[\w-]{1,255}$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record `_id` or retrieve code, if the client sent a usable one; anything else is ignored. */
function bookingRefOf(item: Record<string, unknown>): BookingRef | null {
  if (typeof item._id === 'string' && BOOKING_ID.test(item._id)) return { id: item._id };
  const code = typeof item.randomNumber === 'string' && /^\d{1,8}$/.test(item.randomNumber) ? Number(item.randomNumber) : item.randomNumber;
  if (typeof code === 'number' && Number.isInteger(code) && code >= 1 && code <= RETRIEVE_CODE_MAX) return { code };
  return null;
}

/** Provider references (session / intent ids) are opaque but never objects or free text. */
export function parseProviderRef(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || !PROVIDER_REF.test(raw)) throw new ValidationError(`${field} is required`, { [field]: `${field} is required` });
  return raw;
}

export interface QuotePaymentRequest {
  percentage: unknown;
  /** Set when the quote was saved before: pay that record. */
  ref: BookingRef | null;
  /** The quote as the panel holds it, without our routing fields: saved first when `ref` is null. */
  quote: Record<string, unknown>;
}

/** POST /api/paymentbooking: the body is the quote panel's quote with its chosen percentage. */
export function readQuotePaymentRequest(body: unknown): QuotePaymentRequest {
  if (!isPlainObject(body)) throw new ValidationError('The quote is required', { quote: 'The quote is required' });
  const { percentage, _id: _ignoredId, randomNumber: _ignoredCode, ...quote } = body;
  return { percentage, ref: bookingRefOf(body), quote };
}

export interface RecordPaymentRequest {
  percentage: unknown;
  ref: BookingRef;
  paymentIntentId?: string;
}

/**
 * POST /api/savebooking(/updatepaymentstatus): the retrieved record array (`[record]`), or an object
 * `{record: [record], percentage, paymentIntentId}`. The record only identifies the booking: price
 * and status always come from the booking service.
 */
export function readRecordPaymentRequest(body: unknown): RecordPaymentRequest {
  let item: unknown;
  let extras: Record<string, unknown> = {};
  if (Array.isArray(body)) item = body[0];
  else if (isPlainObject(body)) {
    extras = body;
    item = Array.isArray(body.record) ? body.record[0] : body;
  }
  const ref = isPlainObject(item) ? bookingRefOf(item) : null;
  if (!ref) throw new ValidationError('The booking record is required', { record: 'The booking record is required' });
  const record = item as Record<string, unknown>;
  const percentage = extras.percentage ?? record.percentage;
  const rawIntent = extras.paymentIntentId ?? record.paymentIntentId;
  return {
    percentage,
    ref,
    ...(rawIntent === undefined || rawIntent === null || rawIntent === '' ? {} : { paymentIntentId: parseProviderRef(rawIntent, 'paymentIntentId') }),
  };
}
