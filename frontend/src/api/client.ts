/**
 * The customer HTTP client of the web app, typed by the contracts. Every call goes to the gateway's
 * `/api/...` through the app's one request/error core (`http.ts`, shared with the staff and driver
 * clients); a non-2xx answer becomes an `ApiError` carrying the server's text so screens can show it
 * (retrieve shows the body as is).
 */
import type {
  BookingQuoteResponse,
  BookingRequest,
  BookingRecord,
  CheckoutReleaseRequest,
  CheckoutReleaseResponse,
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  ContactMessage,
  ContactMessageResponse,
  GeoAutocompleteResponse,
  GeoCoverageResponse,
  GeoGeocodeResponse,
  MyMoveReceipt,
  MyMoveView,
  NewDatePrice,
  PayBalanceResponse,
  PaymentIntentResponse,
  PaymentSuccessAck,
  PaymentSuccessResponse,
  RecordPaymentItem,
  ReviewsResponse,
  SaveRetrieveRequest,
  SaveRetrieveResponse,
  OfferFilter,
  OfferSort,
  FreeDriversView,
} from '@vanhop/contracts';
import { checkoutProofs, forgetCheckoutProofs, rememberCheckoutProof } from './checkout-proofs';
import { HttpError, send } from './http';

const API = '/api';

/**
 * A failed call: `status` is the HTTP code (0 for a network failure), `body` the raw answer text,
 * `errors` the fields it named, `extra` what else a JSON answer carried (the estimate beside a
 * refused number of hours), so callers read fields rather than parse the text again.
 */
export class ApiError extends HttpError {
  constructor(
    status: number,
    readonly body: string,
    readonly errors?: Record<string, string>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(status, messageFrom(body) || `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** Services answer `{message, code, errors?}`; some answers (retrieve's 404) are plain text. */
function messageFrom(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return body;
}

function errorsFrom(parsed: unknown): Record<string, string> | undefined {
  if (!parsed || typeof parsed !== 'object') return undefined;
  const errors = (parsed as { errors?: unknown }).errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined;
}

/** Shared with feature modules whose calls live in lazy chunks (conversations, reviews), so the home page never downloads them. */
export function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return send<T>({
    method,
    url: `${API}${path}`,
    body,
    signal,
    failure: ({ status, text, parsed }) =>
      new ApiError(
        status,
        text,
        status === 0 ? undefined : errorsFrom(parsed),
        parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {},
      ),
  });
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

// Public configuration (/api/config) is loaded once by `app/config.ts` (`usePublicConfig`).

// ---- geo (quote service) --------------------------------------------------------------------

export const geoAutocomplete = (q: string, signal?: AbortSignal) =>
  request<GeoAutocompleteResponse>('GET', `/geo/autocomplete?${query({ q })}`, undefined, signal);

export const geoGeocode = (address: string) => request<GeoGeocodeResponse>('GET', `/geo/geocode?${query({ address })}`);

export const geoCoverage = (where: { address: string } | { lat: number; lng: number }) =>
  request<GeoCoverageResponse>('GET', `/geo/coverage?${query(where)}`);

// ---- quotes and bookings --------------------------------------------------------------------

/** The shared booking data (docs/WIRE-CONTRACT.md, "The booking data"), checked by the contracts draft schema. */
export const postBooking = async (data: BookingRequest) => {
  await abandonOwnCheckouts();
  return request<BookingQuoteResponse>('POST', '/booking', data);
};

/**
 * Back on the booking form to choose again: the checkouts this tab opened are closed (their drivers
 * freed, so the new quotes offer them again; an open checkout hides its driver from every quote).
 * Best effort: pricing goes ahead whatever the answer.
 */
async function abandonOwnCheckouts(): Promise<void> {
  const proofs = checkoutProofs();
  if (!proofs.length) return;
  try {
    await request('POST', '/paymentbooking/abandon', { checkoutProofs: proofs });
    forgetCheckoutProofs();
  } catch {
    // Not closed now: they lapse with their holds.
  }
}

/** The query parameters of offer filters (those set only). */
const filterQuery = (filter: OfferFilter | undefined): Record<string, string | number> => ({
  ...(filter?.minRating !== undefined ? { offersMinRating: String(filter.minRating) } : {}),
  ...(filter?.maxPricePounds !== undefined ? { offersMaxPrice: filter.maxPricePounds } : {}),
  ...(filter?.ulezCompliant ? { offersUlezCompliant: 'true' } : {}),
});

/**
 * The same move priced again for another page, order or filter of its offers (the answer carries
 * at most MAX_OFFERS; the filters are applied on the server, so `offersTotal` counts what matches).
 */
export const postBookingOffers = (
  data: BookingRequest,
  page: { sort: OfferSort; offset: number; filter?: OfferFilter },
) =>
  request<BookingQuoteResponse>(
    'POST',
    `/booking?${query({ offersSort: page.sort, offersOffset: page.offset, ...filterQuery(page.filter) })}`,
    data,
  );

export const saveForLater = (body: SaveRetrieveRequest) => request<SaveRetrieveResponse>('POST', '/saveRetrieve', body);

/** GET /api/saveRetrieve?randomNumber=: the record array; a 404 answers a plain-text body shown as is. */
export const retrieveQuote = (code: string) =>
  request<BookingRecord[]>('GET', `/saveRetrieve?${query({ randomNumber: code })}`);

// ---- payments ---------------------------------------------------------------------------------

/** POST /api/paymentbooking: the browser then goes to `url` (Stripe Checkout or the local test checkout). */
export const createPaymentSession = async (body: CheckoutSessionRequest) => {
  const proofs = checkoutProofs();
  const answer = await request<CheckoutSessionResponse>('POST', '/paymentbooking', {
    ...body,
    ...(proofs.length ? { checkoutProofs: proofs } : {}),
  });
  rememberCheckoutProof(answer?.sessionId);
  return answer;
};

/** Whether this tab opened checkouts it can still prove (and so release). */
export const holdsOwnCheckouts = (): boolean => checkoutProofs().length > 0;

/**
 * Closes the checkouts this tab opened (their drivers freed; they can no longer be paid), proved by
 * the proofs it kept, then forgets them. Answers how many were closed; throws when the call failed.
 */
export async function releaseOwnCheckouts(): Promise<number> {
  const proofs = checkoutProofs();
  if (!proofs.length) return 0;
  const { closed } = await request<{ closed: number }>('POST', '/paymentbooking/abandon', { checkoutProofs: proofs });
  forgetCheckoutProofs();
  return closed;
}

/** Older servers answered without the booking facts, so every field may be missing. */
export const confirmCheckoutSession = (sessionId: string) =>
  request<Partial<PaymentSuccessResponse> | undefined>('POST', '/paymentbooking/success', { session_id: sessionId });

/** A mailed release link's button: 404 with the contract's words for an unknown or expired link. */
export const releaseCheckouts = (token: string) =>
  request<CheckoutReleaseResponse>('POST', '/paymentbooking/release', { token } satisfies CheckoutReleaseRequest);

export type PayableRecord = RecordPaymentItem & { percentage: NonNullable<RecordPaymentItem['percentage']> };

/** POST /api/savebooking: a PaymentIntent's client secret, plus the local checkout page when Stripe is not configured. */
export const saveBookingForPayment = async (record: PayableRecord) => {
  const proofs = checkoutProofs();
  const answer = await request<PaymentIntentResponse>('POST', '/savebooking', [
    { ...record, ...(proofs.length ? { checkoutProofs: proofs } : {}) },
  ]);
  rememberCheckoutProof(answer?.clientSecret);
  return answer;
};

/**
 * The record array with the PaymentIntent id and its client secret on the record (the server re-reads
 * the intent's real state): answers the confirmed payment, or fails (402 while the money is not taken,
 * 404, 409). Without the secret the server answers only `{success: true}`, never the booking.
 */
export const updatePaymentStatus = (record: RecordPaymentItem, paymentIntentId: string, clientSecret: string | null) =>
  request<PaymentSuccessResponse | PaymentSuccessAck>('POST', '/savebooking/updatepaymentstatus', [
    { ...record, paymentIntentId, ...(clientSecret ? { clientSecret } : {}) } satisfies RecordPaymentItem,
  ]);

// ---- my move (the signed link is the only credential) ---------------------------------------

const myMove = (token: string, rest = '') => `/mymove/${encodeURIComponent(token)}${rest}`;

/** 404 for a bad or expired link. */
export const getMyMove = (token: string, signal?: AbortSignal) =>
  request<MyMoveView>('GET', myMove(token), undefined, signal);

/**
 * `expectedRefundPence`: the refund the customer saw; the server refuses (409) if the terms changed
 * since, or when the booking may not be cancelled (already cancelled, nothing paid).
 */
export const cancelMyMove = (token: string, expectedRefundPence: number) =>
  request<MyMoveView>('POST', myMove(token, '/cancel'), { confirm: true, expectedRefundPence });

export const postponeMyMove = (token: string) => request<MyMoveView>('POST', myMove(token, '/postpone'));

/** After a change of driver: the customer keeps the new one (409 when there is no change to answer). */
export const keepNewDriver = (token: string) => request<MyMoveView>('POST', myMove(token, '/keep-driver'));

/** After a change of driver: the other drivers free for the move, at what the customer would pay (409 when no change is open). */
export const freeDriversForMyMove = (token: string) => request<FreeDriversView>('GET', myMove(token, '/free-drivers'));

/** Gives the move to one of them (409 when they are no longer free, or the change is no longer open). */
export const chooseDriverForMyMove = (token: string, driverId: string) =>
  request<MyMoveView>('POST', myMove(token, '/choose-driver'), { driverId });

/**
 * The new date's price, before the customer confirms it (nothing is written): 400 with field
 * messages for a refused date; 409 when the booking is not postponed.
 */
export const priceNewDate = (token: string, date: string) =>
  request<NewDatePrice>('POST', myMove(token, '/reactivate/price'), { date });

/**
 * `expectedTotalPence`: the price the customer was shown; the server refuses (409) a different one.
 * A refused date or a booking not postponed fails as for `priceNewDate`.
 */
export const reactivateMyMove = (token: string, date: string, expectedTotalPence?: number) =>
  request<MyMoveView>('POST', myMove(token, '/reactivate'), {
    date,
    ...(expectedTotalPence !== undefined ? { expectedTotalPence } : {}),
  });

/** The browser then goes to `url` (Stripe Checkout or the local test checkout). */
export const payMyMoveBalance = (token: string) => request<PayBalanceResponse>('POST', myMove(token, '/pay-balance'));

export const getMyMoveReceipt = (token: string, receiptId: string) =>
  request<MyMoveReceipt>('GET', myMove(token, `/receipts/${encodeURIComponent(receiptId)}`));

// ---- reviews and contact ------------------------------------------------------------------

export type { Review } from '@vanhop/contracts';

export const fetchReviews = () => request<ReviewsResponse>('GET', '/google/review');

export const sendContactMessage = (body: ContactMessage) =>
  request<ContactMessageResponse>('POST', '/contact/sendemail', body);
