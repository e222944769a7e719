import type { BookingRecord, BookingSummary } from '@vanhop/contracts';
import { ConflictError, NotFoundError, UpstreamError, ValidationError, type Logger } from '@vanhop/platform';
import type { BookingDirectory } from '../domain/booking-directory.js';

/** The booking service's internal API (`/internal/bookings...`, never proxied by the gateway). */
export class BookingHttpClient implements BookingDirectory {
  constructor(
    private readonly baseUrl: string,
    private readonly logger: Logger,
    private readonly timeoutMs = 5000,
  ) {}

  byId(id: string): Promise<BookingRecord> {
    return this.request('GET', `/internal/bookings/${encodeURIComponent(id)}`);
  }

  byCode(code: number): Promise<BookingRecord> {
    return this.request('GET', `/internal/bookings/by-code/${code}`);
  }

  createFromQuote(quote: Record<string, unknown>): Promise<BookingRecord> {
    return this.request('POST', '/internal/bookings', { quote });
  }

  summary(id: string): Promise<BookingSummary> {
    return this.request('GET', `/internal/bookings/${encodeURIComponent(id)}/summary`, undefined, isBookingSummary);
  }

  private async request<T = BookingRecord>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    isExpected: (v: unknown) => v is T = isBookingRecord as unknown as (v: unknown) => v is T,
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.logger.warn({ path, err: String(err) }, 'booking service unreachable');
      throw new UpstreamError('The booking service is unavailable, please try again shortly.');
    }
    const payload = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const message = typeof payload?.message === 'string' ? payload.message : undefined;
    // The booking service's 4xx answers are about the client's input: pass them on as they are.
    if (res.status === 404) throw new NotFoundError(message ?? 'Booking not found');
    if (res.status === 400) {
      const errors = (payload?.errors ?? {}) as Record<string, string>;
      throw new ValidationError(message ?? 'The booking is invalid', errors);
    }
    if (res.status === 409) throw new ConflictError(message ?? 'The booking cannot be changed');
    if (!res.ok || !isExpected(payload)) {
      this.logger.warn({ path, status: res.status }, 'booking service answered unexpectedly');
      throw new UpstreamError('The booking service is unavailable, please try again shortly.');
    }
    return payload;
  }
}

function isBookingRecord(v: unknown): v is BookingRecord {
  const r = v as BookingRecord | null;
  return (
    typeof r?._id === 'string' &&
    typeof r.randomNumber === 'number' &&
    typeof r.paymentStatus === 'string' &&
    typeof r.quote === 'object' &&
    r.quote !== null &&
    typeof r.quote.totalPrice === 'number' &&
    Number.isFinite(r.quote.totalPrice)
  );
}

function isBookingSummary(v: unknown): v is BookingSummary {
  const s = v as BookingSummary | null;
  return (
    typeof s?.bookingId === 'string' &&
    typeof s.myMovePath === 'string' &&
    Number.isInteger(s.balancePence) &&
    Number.isInteger(s.paidPence) &&
    Number.isInteger(s.totalPricePence) &&
    Array.isArray(s.paymentRefs) &&
    typeof s.move === 'object' &&
    s.move !== null
  );
}
