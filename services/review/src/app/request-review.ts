import { TOPICS } from '@vanhop/contracts';
import { ConflictError, createEvent, NotFoundError, outboxEntry, type Clock, type OutboxRelay } from '@vanhop/platform';
import type { ReviewRequestRepository } from '../domain/ports.js';
import type { BookingLookup } from '../domain/booking-lookup.js';
import { publicAuthorName, reviewRequestRefusal } from '../domain/customer-review.js';
import type { ReviewLinks } from '../domain/review-links.js';

export const ALREADY_REQUESTED = 'A review has already been requested for this booking.';

/**
 * Staff "Request Review": allowed once per booking, and only once the booked move has happened.
 * The request and its ReviewRequested event (carrying the customer's signed review-page path) are
 * stored in one write; the relay publishes it (notification mails the customer, booking sets
 * `reviewRequest`).
 */
export class RequestReview {
  constructor(
    private readonly requests: ReviewRequestRepository,
    private readonly bookings: BookingLookup,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly links: ReviewLinks,
  ) {}

  async execute(bookingId: string, requestedBy: string, correlationId?: string): Promise<{ message: string }> {
    if (await this.requests.forBooking(bookingId)) throw new ConflictError(ALREADY_REQUESTED);
    const booking = await this.bookings.byId(bookingId);
    if (!booking) throw new NotFoundError('No booking with that id');
    if (booking.reviewRequest) throw new ConflictError(ALREADY_REQUESTED);
    const now = this.clock.now();
    const refusal = reviewRequestRefusal(booking, now);
    if (refusal) throw new ConflictError(refusal);

    const { name, email, phone } = booking.quote;
    const event = await createEvent(
      TOPICS.reviewRequested,
      { bookingId, customer: { name, email, phone }, requestedBy, reviewPath: this.links.pathFor(bookingId, now) },
      { producer: 'review', correlationId, clock: this.clock },
    );
    const stored = await this.requests.insertOnce(
      {
        _id: bookingId,
        randomNumber: booking.randomNumber,
        customerEmail: email,
        requestedBy,
        requestedAt: now.toISOString(),
        authorName: publicAuthorName(name),
        driver: booking.driver ? { id: booking.driver.id, name: booking.driver.name } : null,
        moveDate: booking.quote.date,
      },
      outboxEntry(TOPICS.reviewRequested, event, bookingId),
    );
    if (!stored) throw new ConflictError(ALREADY_REQUESTED);
    void this.relay.kick([event.eventId]);
    return { message: `Review request e-mail sent to ${email}.` };
  }
}
