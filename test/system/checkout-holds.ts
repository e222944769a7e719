/**
 * Unpaid checkouts and the drivers they hold, as clients of the product see them: requests from one
 * client address (the gateway trusts one proxy hop, TRUST_PROXY=1, so each X-Forwarded-For is a
 * different client), a move priced for a contact e-mail, the drivers offered for it, and the release
 * mails an address's owner is sent. Shared by the system test of driver holds and the browser test
 * of the release link.
 */
import { expect } from 'vitest';
import type { BookingQuoteResponse } from '@vanhop/contracts';
import { completeBooking } from '../support/booking-fixtures.js';
import type { OutboxListing } from '../support/dev-outbox.js';
import type { Api } from '../support/gateway-api.js';

/** Requests from one client address, behind the one proxy hop the gateway trusts. */
export const fromClient =
  (gateway: Api, address: string): Api =>
  (method, path, body, options = {}) =>
    gateway(method, path, body, { ...options, headers: { ...options.headers, 'x-forwarded-for': address } });

/** What the local test checkout says once its session was closed (replaced or released). */
export const CLOSED_CHECKOUT_PAGE =
  'This checkout was closed and can no longer be paid: a newer payment replaced it, the customer released it, or its time ran out.';

/** The offers for the standard move on `date`, quoted for `email`. */
export async function priceMove(api: Api, email: string, date: string): Promise<BookingQuoteResponse> {
  const r = await api<BookingQuoteResponse>(
    'POST',
    '/api/booking',
    completeBooking(date, { email, name: 'Some Customer' }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** The drivers offered for the standard move on `date`, sorted: those held by others' checkouts are missing. */
export const driversOffered = async (api: Api, email: string, date: string): Promise<string[]> =>
  (await priceMove(api, email, date)).offers.map((o) => o.driverId).sort();

/** The release-link mails (CheckoutReleaseOffered) sent to `to`, from the dev outbox listing. */
export const releaseMailsIn = (listing: OutboxListing, to: string): OutboxListing['mails'] =>
  listing.mails.filter((m) => m.to === to && m.subject.startsWith('Moves are waiting for payment'));
