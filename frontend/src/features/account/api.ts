/**
 * The customer account's calls (`/api/customer/*`): ask for a sign-in link, redeem it for a session,
 * and the signed-in My moves. Calls after sign-in carry the customer's bearer token.
 */
import type {
  BookAgainDraft,
  CustomerLinkAnswer,
  CustomerSessionAnswer,
  MyMovesPage,
  SavedAddress,
} from '@vanhop/contracts';
import { BearerApiError, createBearerClient } from '../../api/bearer-client';

export class AccountApiError extends BearerApiError {
  constructor(status: number, serverMessage: string | undefined, body: unknown) {
    super(status, serverMessage, body);
    this.name = 'AccountApiError';
  }
}

const call = createBearerClient({
  ErrorClass: AccountApiError,
  serverMessageOf: (body) =>
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined,
});

export const askForSignInLink = (email: string) =>
  call<CustomerLinkAnswer>('/customer/link', { method: 'POST', body: { email } });

export const redeemSignInLink = (token: string) =>
  call<CustomerSessionAnswer>('/customer/session', { method: 'POST', body: { token } });

export const fetchMyMoves = (token: string, page = 1) => call<MyMovesPage>(`/customer/moves?page=${page}`, { token });

export const fetchBookAgain = (token: string, bookingId: string) =>
  call<BookAgainDraft>(`/customer/moves/${encodeURIComponent(bookingId)}/again`, { token });

export const fetchSavedAddresses = (token: string) =>
  call<{ addresses: SavedAddress[] }>('/customer/addresses', { token });

export const signOut = (token: string) => call<void>('/customer/sign-out', { method: 'POST', token });

export const signOutEverywhere = (token: string) =>
  call<void>('/customer/sign-out-everywhere', { method: 'POST', token });
