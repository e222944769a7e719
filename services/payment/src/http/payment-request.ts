import { bookingIdSchema, MAX_CHECKOUT_PROOFS, providerRefSchema, retrieveCodeSchema } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';
import type { BookingRef } from '../domain/booking-directory.js';

// Reading the payment routes' bodies is the HTTP edge's work: these throw ValidationError (400).

/**
 * The value cast by a contracts schema, or null when absent or invalid. Ids and codes are text or numbers:
 * anything else is refused before yup casts it, because casting an object calls its toString/valueOf,
 * which a client can send as non-functions ({"toString": {}}) to make the cast throw.
 */
const valid = <T>(
  schema: { isValidSync(v: unknown): boolean; validateSync(v: unknown): T | undefined },
  v: unknown,
): T | null =>
  (typeof v === 'string' || typeof v === 'number') && schema.isValidSync(v) ? (schema.validateSync(v) ?? null) : null;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record `_id` or retrieve code, if the client sent a usable one; anything else is ignored. */
function bookingRefOf(item: Record<string, unknown>): BookingRef | null {
  const id = valid<string>(bookingIdSchema, item._id);
  if (id) return { id };
  const code = valid<number>(retrieveCodeSchema, item.randomNumber);
  return code ? { code } : null;
}

/** Provider references (session / intent ids) are opaque but never objects or free text. */
export function parseProviderRef(raw: unknown, field: string): string {
  const ref = valid<string>(providerRefSchema(field), raw);
  if (!ref) throw new ValidationError(`${field} is required`, { [field]: `${field} is required` });
  return ref;
}

/** The record a payment body names its booking in: `[record]`, `{record: [record]}` or the body itself. */
const recordOf = (body: unknown): unknown =>
  Array.isArray(body) ? body[0] : isPlainObject(body) && Array.isArray(body.record) ? body.record[0] : body;

/** Whether a payment body names a stored booking (by `_id` or retrieve code), in any of the shapes the routes read. */
export function namesABooking(body: unknown): boolean {
  const item = recordOf(body);
  return isPlainObject(item) && bookingRefOf(item) !== null;
}

/** `checkoutProofs`: absent, or up to MAX_CHECKOUT_PROOFS session ids / client secrets; anything else is a 400 naming it. */
export function parseCheckoutProofs(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const refused = () =>
    new ValidationError(`checkoutProofs must be a list of at most ${MAX_CHECKOUT_PROOFS} checkout references`, {
      checkoutProofs: `checkoutProofs must be a list of at most ${MAX_CHECKOUT_PROOFS} checkout references`,
    });
  if (!Array.isArray(raw) || raw.length > MAX_CHECKOUT_PROOFS) throw refused();
  return raw.map((item) => {
    const proof = valid<string>(providerRefSchema('checkoutProofs'), item);
    if (!proof) throw refused();
    return proof;
  });
}

export interface QuotePaymentRequest {
  percentage: unknown;
  /** Proofs of this browser's own open checkouts (parseCheckoutProofs). */
  proofs: string[];
  /** Set when the quote was saved before: pay that record. */
  ref: BookingRef | null;
  /** The quote as the panel holds it, without our routing fields: saved first when `ref` is null. */
  quote: Record<string, unknown>;
}

/** POST /api/paymentbooking: the body is the quote panel's quote with its chosen percentage. */
export function readQuotePaymentRequest(body: unknown): QuotePaymentRequest {
  if (!isPlainObject(body)) throw new ValidationError('The quote is required', { quote: 'The quote is required' });
  const { percentage, _id: _ignoredId, randomNumber: _ignoredCode, checkoutProofs, ...quote } = body;
  return { percentage, ref: bookingRefOf(body), quote, proofs: parseCheckoutProofs(checkoutProofs) };
}

export interface RecordPaymentRequest {
  percentage: unknown;
  /** Proofs of this browser's own open checkouts (parseCheckoutProofs). */
  proofs: string[];
  ref: BookingRef;
  paymentIntentId?: string;
  /**
   * The intent's client secret, as only the page that confirmed the card holds it (Stripe's
   * `payment_intent_client_secret`): the proof that answers with the booking's My move link.
   */
  clientSecret?: string;
}

/** Client secrets are `<intent id>_secret_<random>`: the same character set as provider references. */
const clientSecretOf = (raw: unknown): string | undefined =>
  valid<string>(providerRefSchema('clientSecret'), raw) ?? undefined;

/**
 * POST /api/savebooking(/updatepaymentstatus): the retrieved record array (`[record]`), or an object
 * `{record: [record], percentage, paymentIntentId}`. The record only identifies the booking: price
 * and status always come from the booking service.
 */
export function readRecordPaymentRequest(body: unknown): RecordPaymentRequest {
  const item = recordOf(body);
  const extras: Record<string, unknown> = isPlainObject(body) ? body : {};
  const ref = isPlainObject(item) ? bookingRefOf(item) : null;
  if (!ref) throw new ValidationError('The booking record is required', { record: 'The booking record is required' });
  const record = item as Record<string, unknown>;
  const percentage = extras.percentage ?? record.percentage;
  const rawIntent = extras.paymentIntentId ?? record.paymentIntentId;
  const clientSecret = clientSecretOf(
    extras.clientSecret ??
      extras.payment_intent_client_secret ??
      record.clientSecret ??
      record.payment_intent_client_secret,
  );
  return {
    percentage,
    ref,
    proofs: parseCheckoutProofs(extras.checkoutProofs ?? record.checkoutProofs),
    ...(clientSecret ? { clientSecret } : {}),
    ...(rawIntent === undefined || rawIntent === null || rawIntent === ''
      ? {}
      : { paymentIntentId: parseProviderRef(rawIntent, 'paymentIntentId') }),
  };
}
