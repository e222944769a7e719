import type { BookingRecord } from '@vanhop/contracts';
import type { Clock, Collection, DocumentStore, Logger } from '@vanhop/platform';

const BOOKINGS = 'bookings';

type ReviewedBooking = BookingRecord & { reviewRequestedAt?: string; reviewRequestedBy?: string };

export type MarkReviewRequestedOutcome = 'marked' | 'already-marked' | 'not-found';

/**
 * ReviewRequested → `reviewRequest: true` on the booking, so the admin panel hides its Request
 * Review button. One conditional write (only while still false): a redelivery changes nothing.
 */
export class MarkReviewRequested {
  private readonly bookings: Collection<ReviewedBooking>;

  constructor(store: DocumentStore, private readonly clock: Clock, private readonly logger: Logger) {
    this.bookings = store.collection<ReviewedBooking>(BOOKINGS);
  }

  async execute(bookingId: string, requestedBy: string): Promise<MarkReviewRequestedOutcome> {
    const { matched } = await this.bookings.updateOne(
      { _id: bookingId, reviewRequest: false },
      { $set: { reviewRequest: true, reviewRequestedAt: this.clock.now().toISOString(), reviewRequestedBy: requestedBy } },
    );
    if (matched === 1) return 'marked';
    const exists = await this.bookings.findOne({ _id: bookingId });
    if (!exists) this.logger.warn({ bookingId }, 'review requested for a booking that does not exist');
    return exists ? 'already-marked' : 'not-found';
  }
}
