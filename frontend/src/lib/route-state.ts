import type { BookAgainDraft, PaymentSuccessResponse } from '@vanhop/contracts';

/** The retrieve page's card payment arrives at the payment-success page already confirmed (its answer in the navigation state). */
export interface ConfirmedPaymentState {
  confirmed: Partial<PaymentSuccessResponse>;
}

/**
 * The home search's two chosen places, handed to /booking in the navigation state: the booking store
 * loads with that route, so the home page's first download carries no Redux.
 */
export interface SearchHandoff {
  pickup: string;
  dropoff: string;
}

export const searchHandoffState = (search: SearchHandoff) => ({ search });

/** The handed-over places, or null when the navigation carries none (a link, a reload, Back). */
export function searchHandoffOf(state: unknown): SearchHandoff | null {
  const search = (state as { search?: Partial<SearchHandoff> } | null)?.search;
  return typeof search?.pickup === 'string' && typeof search.dropoff === 'string'
    ? { pickup: search.pickup, dropoff: search.dropoff }
    : null;
}

/** "Book this move again" (My moves): the move handed to /booking in the navigation state, for a new date. */
export const bookAgainState = (again: BookAgainDraft) => ({ again });

/** The handed-over move, or null when the navigation carries none. */
export function bookAgainOf(state: unknown): BookAgainDraft | null {
  const again = (state as { again?: Partial<BookAgainDraft> } | null)?.again;
  return again && Array.isArray(again.addresses) && typeof again.vanSize === 'string'
    ? (again as BookAgainDraft)
    : null;
}
