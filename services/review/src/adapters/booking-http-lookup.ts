import type { BookingRecord } from '@vanhop/contracts';
import { UpstreamError } from '@vanhop/platform';
import type { BookingLookup } from '../domain/booking-lookup.js';

/** The booking service's internal API (`GET /internal/bookings/:id`, never proxied by the gateway). */
export class BookingHttpLookup implements BookingLookup {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = 5000) {}

  async byId(id: string): Promise<BookingRecord | null> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/internal/bookings/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new UpstreamError(`Booking service unreachable: ${(err as Error).message}`);
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new UpstreamError(`Booking service answered HTTP ${res.status}`);
    return (await res.json()) as BookingRecord;
  }
}
