/**
 * Talking to the product over HTTP as its web app does: one request helper, and the customer's
 * save-a-quote and pay-on-the-local-checkout steps that several end-to-end tests walk through.
 */
import { expect } from 'vitest';
import type { BookingQuoteResponse, BookingRecord, Offer, Quote } from '@vanhop/contracts';
import type { CompleteBookingRequest } from './booking-fixtures.js';
import type { Api } from './api-client.js';

export { apiClient, type Api, type ApiOptions, type ApiResponse } from './api-client.js';

export async function priceAndSave(
  api: Api,
  booking: CompleteBookingRequest,
): Promise<{ quote: Quote; record: BookingRecord }> {
  const priced = await api<{ quote: Quote }>('POST', '/api/booking', booking);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', { quote: priced.body.quote });
  expect(saved.status).toBe(201);
  return { quote: priced.body.quote, record: saved.body.data };
}

/** The Pay form's target on the local test checkout page. */
export const payFormAction = (checkoutPage: string): string =>
  checkoutPage.match(/<form method="post" action="([^"]+\/pay)"/)![1]!;

/**
 * "Book Now" without Stripe: starts a checkout for `order` (a quote with the share to pay), opens the
 * local test checkout page and submits its Pay form like a browser.
 */
export async function payOnLocalCheckout(api: Api, order: Record<string, unknown>) {
  const checkout = await api<{ url: string; sessionId: string }>('POST', '/api/paymentbooking', order);
  expect(checkout.status).toBe(200);
  const page = await api<string>('GET', checkout.body.url);
  const paid = await api('POST', payFormAction(page.body), '', { form: true });
  expect(paid.status).toBe(303);
  return { checkout, paid };
}

/**
 * The quote the panel holds for one driver's offer, as the web app's quoteForOffer builds it (that
 * module is the browser's: its types need the DOM, which the server tests do not compile with).
 */
export const quoteForOffer = (priced: BookingQuoteResponse, offer: Offer): Quote => ({
  ...priced.quote,
  typeofVan: offer.typeofVan,
  typeOfWorker: offer.typeOfWorker,
  totalPrice: offer.totalPrice,
  driverId: offer.driverId,
  driverName: offer.driverName,
  driverRating: offer.rating,
  overtimePerHalfHour: offer.overtimePerHalfHour,
});
