import * as yup from 'yup';
import type { BookingRequest } from './schemas/booking.js';

/**
 * The customer's account: no password, only a sign-in link mailed to an address that has made a
 * booking or saved a quote. Signed in, the customer sees "My moves": every record made with that
 * e-mail. Customers who never sign in are not affected.
 */

/** The web app's page for a sign-in link. The token rides in the fragment, which browsers never send to a server. */
export const CUSTOMER_SIGN_IN_PAGE = '/account/sign-in';
export const customerSignInPath = (token: string): string => `${CUSTOMER_SIGN_IN_PAGE}#${token}`;
/** Where a customer asks for a link, and where "My moves" lives. */
export const CUSTOMER_LINK_PAGE = '/account';
export const MY_MOVES_PAGE = '/account/moves';

/** How long a mailed link works, and how long a session lasts. */
export const CUSTOMER_LINK_VALID_MINUTES = 15;
export const CUSTOMER_SESSION_DAYS = 30;
/** Link requests one address may make an hour (beside the per-client limit): a mailbox is not flooded. */
export const CUSTOMER_LINK_REQUESTS_PER_HOUR = 5;
/** My moves page size. */
export const MY_MOVES_PAGE_SIZE = 20;

/** Link and session tokens: 32 random bytes, base64url. */
export const CUSTOMER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CUSTOMER_ACCOUNT_MSG = {
  linkSent: 'If we know this address, a sign-in link is on its way',
  linkExpired: 'This sign-in link has expired or was already used',
  emailRequired: 'Enter your e-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  signedOut: 'Please sign in again',
  notYours: 'No move of yours matches that',
} as const;

/** The one form of an e-mail address an account is found by: trimmed, lower case. */
export const customerEmailKey = (email: string): string => email.trim().toLowerCase();

/** POST /api/customer/link body. */
export const customerLinkRequestSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(CUSTOMER_ACCOUNT_MSG.emailRequired)
    .email(CUSTOMER_ACCOUNT_MSG.emailInvalid)
    .max(254, CUSTOMER_ACCOUNT_MSG.emailInvalid),
});
export type CustomerLinkRequest = yup.InferType<typeof customerLinkRequestSchema>;

/** POST /api/customer/session body: the link's token, as the page read it from its fragment. */
export const customerSessionRequestSchema = yup.object({
  token: yup
    .string()
    .strict(true)
    .required(CUSTOMER_ACCOUNT_MSG.linkExpired)
    .matches(CUSTOMER_TOKEN_PATTERN, CUSTOMER_ACCOUNT_MSG.linkExpired),
});
export type CustomerSessionRequest = yup.InferType<typeof customerSessionRequestSchema>;

/** GET /api/customer/moves query. */
export const myMovesQuerySchema = yup.object({
  page: yup.number().integer('page must be a whole number').min(1, 'page must be 1 or more').max(10_000).default(1),
});

/** POST /api/customer/link answer (202), the same for every address. */
export interface CustomerLinkAnswer {
  message: string;
}

/** POST /api/customer/session answer: the bearer token the web app keeps. */
export interface CustomerSessionAnswer {
  token: string;
  email: string;
  expiresAt: string;
}

/** One record on "My moves". */
export interface MyMovesItem {
  bookingId: string;
  /** The retrieve code. */
  randomNumber: number;
  /** ISO date-time of the move ('' when none was chosen). */
  moveDate: string;
  upcoming: boolean;
  /** A saved quote not paid for, or a booking. */
  kind: 'saved-quote' | 'booking';
  statusText: string;
  places: string[];
  van: string;
  totalPricePence: number;
  /** The record's My move page (signed link minted for the account). */
  myMovePath: string;
}

export interface MyMovesPage {
  email: string;
  moves: MyMovesItem[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** GET /api/customer/moves/:bookingId/again: the move to book again, for a new date (no date, no driver). */
export type BookAgainDraft = Omit<BookingRequest, 'date'>;

/** GET /api/customer/addresses: the distinct addresses of the customer's records. */
export interface SavedAddress {
  location: string;
  physicalAddress: string;
}
