import {
  INTERNAL_PATHS,
  isBookingRecord,
  isBookingSummary,
  type BookingRecord,
  type BookingSummary,
  type InternalCreateBookingRequest,
} from '@vanhop/contracts';
import { InternalHttpClient, type Logger } from '@vanhop/platform';
import type { BookingDirectory } from '../domain/booking-directory.js';

const FALLBACK = {
  notFound: 'Booking not found',
  invalid: 'The booking is invalid',
  conflict: 'The booking cannot be changed',
};

/** The booking service's internal API (`/internal/bookings...`, never proxied by the gateway). */
export class BookingHttpClient implements BookingDirectory {
  private readonly http: InternalHttpClient;

  // As booking's QUOTE_TIMEOUT_MS: on a machine short of CPU a hold or a lookup can take seconds, and a
  // checkout that waits is better than one answered 502 (the gateway's own limit is 30 s).
  constructor(baseUrl: string, logger: Logger, timeoutMs = 10_000) {
    this.http = new InternalHttpClient({ service: 'booking', baseUrl, timeoutMs, logger });
  }

  byId(id: string): Promise<BookingRecord> {
    return this.http.get(INTERNAL_PATHS.bookingById(id), { accept: isBookingRecord, fallback: FALLBACK });
  }

  byCode(code: number): Promise<BookingRecord> {
    return this.http.get(INTERNAL_PATHS.bookingByCode(code), { accept: isBookingRecord, fallback: FALLBACK });
  }

  createFromQuote(quote: Record<string, unknown>): Promise<BookingRecord> {
    const body: InternalCreateBookingRequest = { quote };
    return this.http.post(INTERNAL_PATHS.bookings, body, { accept: isBookingRecord, fallback: FALLBACK });
  }

  summary(id: string): Promise<BookingSummary> {
    return this.http.get(INTERNAL_PATHS.bookingSummary(id), { accept: isBookingSummary, fallback: FALLBACK });
  }
}
