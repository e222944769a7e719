import { DRIVER_TAKEN_MESSAGE, HELD_BY_CUSTOMER_CODE, INTERNAL_PATHS, type DriverHoldRequest } from '@vanhop/contracts';
import { ConflictError, InternalHttpClient, type InternalAnswer, type Logger } from '@vanhop/platform';
import type { DriverTime, HoldOutcome } from '../domain/driver-time.js';

const driverTaken = (): never => {
  throw new ConflictError(DRIVER_TAKEN_MESSAGE);
};

/** A 409 naming the customer's own bookings is an outcome; any other 409 is the driver taken. */
const conflictOutcome = (answer: InternalAnswer): HoldOutcome => {
  const ids = answer.payload?.bookingIds;
  if (answer.payload?.code === HELD_BY_CUSTOMER_CODE && Array.isArray(ids) && ids.every((id) => typeof id === 'string'))
    return { heldByCustomer: ids as string[] };
  return driverTaken();
};

/** The fleet service's internal hold route (`/internal/drivers/:id/holds`, never proxied). */
export class DriverTimeHttpClient implements DriverTime {
  private readonly http: InternalHttpClient;

  // As booking's QUOTE_TIMEOUT_MS: on a machine short of CPU a hold or a lookup can take seconds, and a
  // checkout that waits is better than one answered 502 (the gateway's own limit is 30 s).
  constructor(baseUrl: string, logger: Logger, timeoutMs = 10_000) {
    this.http = new InternalHttpClient({
      service: 'fleet',
      baseUrl,
      timeoutMs,
      logger,
      unavailable: () => 'Booking is unavailable, please try again shortly.',
    });
  }

  async hold(
    driverId: string,
    bookingId: string,
    start: string,
    hours: number,
    expiresAt: Date,
    holder?: string,
    supersedes?: string[],
  ): Promise<HoldOutcome> {
    const body: DriverHoldRequest = {
      bookingId,
      start,
      hours,
      expiresAt: expiresAt.toISOString(),
      ...(holder ? { holder } : {}),
      ...(supersedes?.length ? { supersedes } : {}),
    };
    return this.http.post<HoldOutcome>(INTERNAL_PATHS.driverHolds(driverId), body, {
      // Only 201 means held. A driver who left (404) is as gone for this booking as one taken by another customer.
      on: { 201: () => ({ held: true }), 409: conflictOutcome, 404: driverTaken },
      onlyListed: true,
      // The fleet service holds the same slots for the same booking again without taking more: a
      // timed-out hold (a busy peer) may be asked again.
      idempotent: true,
    });
  }

  async release(bookingId: string): Promise<void> {
    await this.http.delete(INTERNAL_PATHS.bookingHolds(bookingId));
  }
}
