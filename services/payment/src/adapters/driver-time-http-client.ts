import { DRIVER_TAKEN_MESSAGE } from '@vanhop/contracts';
import { ConflictError, UpstreamError, type Logger } from '@vanhop/platform';
import type { DriverTime } from '../domain/driver-time.js';

/** The quote service's internal hold route (`/internal/drivers/:id/holds`, never proxied). */
export class DriverTimeHttpClient implements DriverTime {
  constructor(
    private readonly baseUrl: string,
    private readonly logger: Logger,
    private readonly timeoutMs = 5000,
  ) {}

  async hold(driverId: string, bookingId: string, start: string, hours: number, expiresAt: Date): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/internal/drivers/${encodeURIComponent(driverId)}/holds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingId, start, hours, expiresAt: expiresAt.toISOString() }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.logger.warn({ driverId, bookingId, err: String(err) }, 'quote service unreachable for a hold');
      throw new UpstreamError('Booking is unavailable, please try again shortly.');
    }
    if (res.status === 201) return;
    // A driver who left (404) is as gone for this booking as one taken by another customer.
    if (res.status === 409 || res.status === 404) throw new ConflictError(DRIVER_TAKEN_MESSAGE);
    this.logger.warn({ driverId, bookingId, status: res.status, body: await res.text().catch(() => '') }, 'quote service refused a hold unexpectedly');
    throw new UpstreamError('Booking is unavailable, please try again shortly.');
  }
}
