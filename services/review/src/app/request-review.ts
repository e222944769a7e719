import { TOPICS } from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  DuplicateKeyError,
  NotFoundError,
  outboxEntry,
  type Clock,
  type DocumentStore,
  type OutboxEntry,
  type OutboxRelay,
} from '@vanhop/platform';
import type { BookingLookup } from '../domain/booking-lookup.js';
import { publicAuthorName, reviewRequestRefusal } from '../domain/customer-review.js';
import type { ReviewLinks } from '../domain/review-links.js';

export const REVIEW_REQUESTS = 'review_requests';

/** One per booking: `_id` is the booking id, so a second request cannot be stored. */
export interface ReviewRequestRecord {
  _id: string;
  randomNumber: number;
  customerEmail: string;
  requestedBy: string;
  requestedAt: string;
  /** What the review page shows and the review is signed with (absent on requests from before the page). */
  authorName?: string;
  driver?: { id: string; name: string } | null;
  moveDate?: string;
  outbox: OutboxEntry[];
}

export const ALREADY_REQUESTED = 'A review has already been requested for this booking.';

/**
 * Staff "Request Review": allowed once per booking, and only once the booked move has happened.
 * The request and its ReviewRequested event (carrying the customer's signed review-page path) are
 * stored in one write; the relay publishes it (notification mails the customer, booking sets
 * `reviewRequest`).
 */
export class RequestReview {
  constructor(
    private readonly store: DocumentStore,
    private readonly bookings: BookingLookup,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly links: ReviewLinks,
  ) {}

  async execute(bookingId: string, requestedBy: string, correlationId?: string): Promise<{ message: string }> {
    const requests = this.store.collection<ReviewRequestRecord>(REVIEW_REQUESTS);
    if (await requests.findOne({ _id: bookingId })) throw new ConflictError(ALREADY_REQUESTED);
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
    try {
      await requests.insertOne({
        _id: bookingId,
        randomNumber: booking.randomNumber,
        customerEmail: email,
        requestedBy,
        requestedAt: now.toISOString(),
        authorName: publicAuthorName(name),
        driver: booking.driver ? { id: booking.driver.id, name: booking.driver.name } : null,
        moveDate: booking.quote.date,
        outbox: [outboxEntry(TOPICS.reviewRequested, event, bookingId)],
      });
    } catch (err) {
      if (err instanceof DuplicateKeyError) throw new ConflictError(ALREADY_REQUESTED);
      throw err;
    }
    void this.relay.kick();
    return { message: `Review request e-mail sent to ${email}.` };
  }
}
