/**
 * Talking to the product over HTTP as its web app does: one request helper, and the customer's
 * save-a-quote and pay-on-the-local-checkout steps that several end-to-end tests walk through.
 */
import { expect } from 'vitest';
import type { BookingRecord, Quote } from '@vanhop/contracts';
import type { CompleteBookingRequest } from './booking-fixtures.js';

export interface ApiResponse<T = any> {
  status: number;
  /** The JSON the server answered, or its text when it is not JSON (HTML pages, plain messages). */
  body: T;
  /** The redirect target, when the server answered with one (undefined otherwise, so `toEqual({ status, body })` still holds). */
  location?: string;
}

export interface ApiOptions {
  headers?: Record<string, string>;
  /** A staff JWT, sent as `Authorization: Bearer`. */
  token?: string;
  /** Send a string body form-encoded, as an HTML form does. */
  form?: boolean;
}

export type Api = <T = any>(
  method: string,
  path: string,
  body?: unknown,
  options?: ApiOptions,
) => Promise<ApiResponse<T>>;

/**
 * Requests to the gateway or a service at the URL `baseUrl()` answers at call time (servers start in beforeAll).
 * Objects are sent as JSON, strings as they are; redirects are answered, not followed.
 */
export function apiClient(baseUrl: () => string): Api {
  return async (method, path, body, { headers = {}, token, form = false } = {}) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined
          ? {}
          : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // an HTML page or a plain-text message
    }
    return { status: res.status, body: parsed as never, location: res.headers.get('location') ?? undefined };
  };
}

/** Prices a complete booking and saves its quote for later, as "Save quote" does. */
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
