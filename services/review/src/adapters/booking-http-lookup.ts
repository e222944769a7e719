import { INTERNAL_PATHS, isBookingRecord, type BookingRecord } from '@vanhop/contracts';
import { InternalHttpClient } from '@vanhop/platform';
import type { BookingLookup } from '../domain/booking-lookup.js';

/** The booking service's internal API (`GET /internal/bookings/:id`, never proxied by the gateway). */
export class BookingHttpLookup implements BookingLookup {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, timeoutMs = 5000) {
    this.http = new InternalHttpClient({
      service: 'booking',
      baseUrl,
      timeoutMs,
      unavailable: (detail) => `Booking service ${detail}`,
    });
  }

  /** The record, or null when there is none (or it was deleted). */
  byId(id: string): Promise<BookingRecord | null> {
    return this.http.get<BookingRecord | null>(INTERNAL_PATHS.bookingById(id), {
      accept: isBookingRecord,
      on: { 404: () => null },
      onlyListed: true,
    });
  }
}
