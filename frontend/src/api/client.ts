/**
 * The one HTTP client of the web app, typed by the contracts. Every call goes to the gateway's
 * `/api/...`; a non-2xx answer becomes an `ApiError` carrying the server's text so screens can show
 * it (retrieve shows the body as is) or just log it.
 */
import type {
  BookingQuoteResponse,
  BookingRecord,
  ContactMessage,
  GeoAutocompleteResponse,
  GeoCoverageResponse,
  GeoGeocodeResponse,
  MyMoveReceipt,
  MyMoveView,
  PayBalanceResponse,
  PaymentPercentage,
  PaymentSuccessResponse,
  Quote,
  ReviewsResponse,
} from '@vanhop/contracts';

const API = '/api';

/** A failed call: `status` is the HTTP code (0 for a network failure), `body` the raw answer text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly errors?: Record<string, string>,
  ) {
    super(messageFrom(body) || `Request failed with status ${status}`);
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

function errorsFrom(body: string): Record<string, string> | undefined {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (parsed && typeof parsed.errors === 'object' && parsed.errors) return parsed.errors as Record<string, string>;
  } catch {
    // plain text body
  }
  return undefined;
}

/** Shared with feature modules whose calls live in lazy chunks (conversations, reviews), so the home page never downloads them. */
export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, (err as Error).message);
  }
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, errorsFrom(text));
  return (text ? JSON.parse(text) : undefined) as T;
}

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

// Public configuration (/api/config) is loaded once by `app/config.ts` (`usePublicConfig`).

// ---- geo (quote service) --------------------------------------------------------------------

export const geoAutocomplete = (q: string, signal?: AbortSignal) =>
  request<GeoAutocompleteResponse>('GET', `/geo/autocomplete?${query({ q })}`, undefined, signal);

export const geoGeocode = (address: string) => request<GeoGeocodeResponse>('GET', `/geo/geocode?${query({ address })}`);

export const geoCoverage = (where: { address: string } | { lat: number; lng: number }) =>
  request<GeoCoverageResponse>('GET', `/geo/coverage?${query(where)}`);

// ---- quotes and bookings --------------------------------------------------------------------

/** The shared booking data as posted to POST /api/booking (docs/WIRE-CONTRACT.md, "The booking data"). */
export interface BookingRequest {
  addresses: { id: string; location: string; physicalAddress: string; stair: number | '' }[];
  vanSize: string;
  driverHelp: string;
  hour?: number | '';
  date?: string;
  description?: string;
  email?: string;
  phone?: string;
  name?: string;
}

export const postBooking = (data: BookingRequest) => request<BookingQuoteResponse>('POST', '/booking', data);

export interface SaveForLaterRequest {
  date: string;
  quote: Quote;
  randomNumber?: number;
}

export const saveForLater = (body: SaveForLaterRequest) => request<{ data: BookingRecord }>('POST', '/saveRetrieve', body);

/** GET /api/saveRetrieve?randomNumber=: the record array; a 404 answers a plain-text body shown as is. */
export const retrieveQuote = (code: string) => request<BookingRecord[]>('GET', `/saveRetrieve?${query({ randomNumber: code })}`);

// ---- payments ---------------------------------------------------------------------------------

export type PaymentSessionRequest = Quote & { percentage: PaymentPercentage; _id?: string; randomNumber?: number };

/** POST /api/paymentbooking: the browser then goes to `url` (Stripe Checkout or the local test checkout). */
export const createPaymentSession = (body: PaymentSessionRequest) => request<{ sessionId: string; url: string }>('POST', '/paymentbooking', body);

/** Older servers answered without the booking facts, so every field may be missing. */
export const confirmCheckoutSession = (sessionId: string) =>
  request<Partial<PaymentSuccessResponse> | undefined>('POST', '/paymentbooking/success', { session_id: sessionId });

export type PayableRecord = BookingRecord & { percentage: PaymentPercentage };

/** POST /api/savebooking: a PaymentIntent's client secret, plus the local checkout page when Stripe is not configured. */
export const saveBookingForPayment = (record: PayableRecord) =>
  request<{ clientSecret: string; localCheckoutUrl?: string }>('POST', '/savebooking', [record]);

/** The record array with the PaymentIntent id on the record (the server re-reads the intent's real state). */
export const updatePaymentStatus = (record: BookingRecord, paymentIntentId: string) =>
  request<{ success: boolean }>('POST', '/savebooking/updatepaymentstatus', [{ ...record, paymentIntentId }]);

// ---- my move (the signed link is the only credential) ---------------------------------------

const myMove = (token: string, rest = '') => `/mymove/${encodeURIComponent(token)}${rest}`;

/** 404 for a bad or expired link. */
export const getMyMove = (token: string, signal?: AbortSignal) => request<MyMoveView>('GET', myMove(token), undefined, signal);

/** 409 when the booking may not be cancelled (already cancelled, nothing paid). */
/** `expectedRefundPence`: the refund the customer saw; the server refuses (409) if the terms changed since. */
export const cancelMyMove = (token: string, expectedRefundPence: number) =>
  request<MyMoveView>('POST', myMove(token, '/cancel'), { confirm: true, expectedRefundPence });

export const postponeMyMove = (token: string) => request<MyMoveView>('POST', myMove(token, '/postpone'));

/** 400 with field messages for a refused date; 409 when the booking is not postponed. */
export const reactivateMyMove = (token: string, date: string) => request<MyMoveView>('POST', myMove(token, '/reactivate'), { date });

/** The browser then goes to `url` (Stripe Checkout or the local test checkout). */
export const payMyMoveBalance = (token: string) => request<PayBalanceResponse>('POST', myMove(token, '/pay-balance'));

export const getMyMoveReceipt = (token: string, receiptId: string) =>
  request<MyMoveReceipt>('GET', myMove(token, `/receipts/${encodeURIComponent(receiptId)}`));

// ---- reviews and contact ------------------------------------------------------------------

export type { Review } from '@vanhop/contracts';

export const fetchReviews = () => request<ReviewsResponse>('GET', '/google/review');

export const sendContactMessage = (body: ContactMessage) => request<{ message: string }>('POST', '/contact/sendemail', body);
