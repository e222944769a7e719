import type { BookingRecord, BookingSummary } from '@vanhop/contracts';

/** How the payment service reads bookings: the booking service's own API, never its database. */
export interface BookingDirectory {
  byId(id: string): Promise<BookingRecord>;
  byCode(code: number): Promise<BookingRecord>;
  /** Saves a quote that was never saved and returns the new unpaid, server-priced record. */
  createFromQuote(quote: Record<string, unknown>): Promise<BookingRecord>;
  /** Money, state, move and My move link, as the booking service reckons them now. */
  summary(id: string): Promise<BookingSummary>;
}

export type BookingRef = { id: string } | { code: number };
