import { randomUUID } from 'node:crypto';
import { bookingCompleteSchema, penceToPounds, staleQuoteProblem, TOPICS } from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  DuplicateKeyError,
  outboxEntry,
  retry,
  validate,
  type Clock,
} from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { bookingRequestFromQuote } from '../domain/quote-request.js';
import { issueRetrieveCode } from '../domain/retrieve-code.js';
import type { BookingRepository, QuotePricer, ServerPrice } from '../domain/ports.js';

export interface SaveQuoteInput {
  quote: Record<string, unknown>;
  /** The retrieve code chosen by the client; refused when already in use. Issued by the server when absent. */
  code?: number;
  /** Save for later announces QuoteSaved (retrieve-link e-mail); a record made to pay at once does not. */
  announce: boolean;
}

const ISSUE_ATTEMPTS = 8;

/**
 * Use case: store a quote as an unpaid booking record. The client's quote only says what to price;
 * the stored quote is the server's own price for the chosen driver. When the client says what price
 * it showed, that must be the server's price for that very move: otherwise the customer would book
 * (and later be charged and mailed) something other than what they saw. QuoteSaved is written on the
 * record itself (outbox) so the save and the event commit together.
 */
export class SaveQuote {
  constructor(
    private readonly deps: {
      bookings: BookingRepository;
      pricer: QuotePricer;
      clock: Clock;
      randomInt: (min: number, maxExclusive: number) => number;
      onSaved?: (eventIds: string[]) => void;
    },
  ) {}

  async execute(input: SaveQuoteInput): Promise<StoredBooking> {
    const { request, driverId } = bookingRequestFromQuote(input.quote);
    // Same rules and messages as the booking form, before anything is priced.
    await validate(bookingCompleteSchema, request, 'Quote');
    const priced = await this.deps.pricer.price(request, driverId);
    const problem = staleQuoteProblem(input.quote, priced);
    if (problem) throw new ConflictError(problem);

    if (input.code !== undefined) {
      if (await this.deps.bookings.codeInUse(input.code)) throw codeInUse();
      return this.insert(priced, input.code, input.announce, false);
    }
    // An issued code someone else took meanwhile: issue another.
    return retry(() => this.insert(priced, issueRetrieveCode(this.deps.randomInt), input.announce, true), {
      attempts: ISSUE_ATTEMPTS,
      retryOn: (err) => err instanceof DuplicateKeyError,
    });
  }

  private async insert(
    priced: ServerPrice,
    code: number,
    announce: boolean,
    retryable: boolean,
  ): Promise<StoredBooking> {
    const now = this.deps.clock.now();
    const _id = randomUUID();
    const record: StoredBooking = {
      _id,
      randomNumber: code,
      date: now.toISOString(),
      paymentStatus: 'unpaid',
      OutstandingBalance: penceToPounds(priced.totalPricePence),
      percentage: null,
      reviewRequest: false,
      quote: { ...priced.quote, percentage: null },
      request: { ...priced.request, ...(priced.quote.driverId ? { driverId: priced.quote.driverId } : {}) },
      driver: priced.driver,
      // The rates this price was made at: a later change to the booked move is priced at them.
      bookedCard: priced.card ?? null,
      // Stored explicitly: the embedded store does not match a missing field with null.
      deletedAt: null,
      // Only a quote saved for later says so in its history: a Book Now checkout's starts at its payment.
      history: announce ? [{ at: now.toISOString(), kind: 'saved', text: 'Quote saved' }] : [],
    };
    const events = announce ? [await this.quoteSaved(_id, code, priced, now)] : [];
    try {
      await this.deps.bookings.insert(record, events);
    } catch (err) {
      if (err instanceof DuplicateKeyError && !retryable) throw codeInUse();
      throw err;
    }
    this.deps.onSaved?.(events.map((e) => e.eventId));
    return record;
  }

  private async quoteSaved(bookingId: string, code: number, priced: ServerPrice, now: Date) {
    const q = priced.quote;
    const event = await createEvent(
      TOPICS.quoteSaved,
      {
        bookingId,
        randomNumber: code,
        customer: { name: q.name, email: q.email, phone: q.phone },
        date: q.date,
        totalPricePence: priced.totalPricePence,
        pricePerHalfHourPence: priced.pricePerHalfHourPence,
        retrievePath: `/retrieve/${code}`,
        ...(q.places?.length ? { places: q.places } : {}),
        vanSize: q.typeofVan,
        helpLevel: q.typeOfWorker,
        ...(q.driverName ? { driverName: q.driverName } : {}),
      },
      { producer: 'booking', correlationId: bookingId, clock: { now: () => now } },
    );
    return outboxEntry(TOPICS.quoteSaved, event, bookingId);
  }
}

const codeInUse = () => new ConflictError('That code is already in use: save again without a code to get a new one.');
