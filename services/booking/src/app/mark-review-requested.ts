import type { Clock, Logger } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';

export type MarkReviewRequestedOutcome = 'marked' | 'already-marked' | 'not-found';

/**
 * ReviewRequested → `reviewRequest: true` on the booking, so the admin panel hides its Request
 * Review button. One conditional write (only while still false): a redelivery changes nothing.
 */
export class MarkReviewRequested {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(bookingId: string, requestedBy: string): Promise<MarkReviewRequestedOutcome> {
    if (await this.bookings.markReviewRequested(bookingId, this.clock.now().toISOString(), requestedBy))
      return 'marked';
    const exists = await this.bookings.byId(bookingId);
    if (!exists) this.logger.warn({ bookingId }, 'review requested for a booking that does not exist');
    return exists ? 'already-marked' : 'not-found';
  }
}
