import {
  bookingTimeProblem,
  reactivateTerms,
  type BookingHistoryEntry,
  type MyMoveView,
  type NewDatePrice,
  type ReactivateBookingRequest,
  formatPence,
} from '@vanhop/contracts';
import { ConflictError, ValidationError } from '@vanhop/platform';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { dayOf, moveWhen } from '../domain/words.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { previewReprice, repriceAndSettle, settlementWords } from './reprice-booking.js';
import type { StoredBooking } from '../domain/booking-record.js';
import type { QuotePricer } from '../domain/ports.js';
import { myMoveView } from './view-my-move.js';

/**
 * Gives a postponed booking its new date (within 12 months of postponing, on the booking-time
 * rules) and re-prices the same move with the same driver through the quote service. What was
 * paid is kept: a dearer move leaves a balance, a cheaper one is refunded the difference.
 */
export class ReactivateBooking {
  constructor(
    private readonly lifecycle: BookingLifecycleWriter,
    private readonly pricer: QuotePricer,
  ) {}

  /** The new date's price and what it settles, priced as `execute` would, writing nothing. */
  async price(token: unknown, body: ReactivateBookingRequest): Promise<NewDatePrice> {
    const record = await this.lifecycle.byToken(token);
    const { start } = await this.allowed(record, body);
    const money = await previewReprice(this.pricer, record, { date: start.toISOString() });
    const shortNoticePence = shortNoticeFeeOf(record, start, this.lifecycle.now());
    return { date: start.toISOString(), ...money, ...(shortNoticePence > 0 ? { shortNoticePence } : {}) };
  }

  /** The booking and the new start, once the date passes every rule (409 or 400 naming `date` otherwise). */
  private async allowed(
    record: StoredBooking,
    { date, expectedTotalPence }: ReactivateBookingRequest,
  ): Promise<{ start: Date; expectedTotalPence?: number }> {
    const now = this.lifecycle.now();
    const terms = reactivateTerms(ruleFacts(record), now);
    if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be given a new date.');
    const start = new Date(date);
    const problem = bookingTimeProblem(start, now);
    if (problem) throw new ValidationError(problem, { date: problem });
    if (terms.latest && start.getTime() > Date.parse(terms.latest)) {
      const message = `A postponed booking must be used within 12 months: choose a date by ${dayOf(terms.latest)}`;
      throw new ValidationError(message, { date: message });
    }
    return { start, ...(expectedTotalPence !== undefined ? { expectedTotalPence } : {}) };
  }

  async execute(token: unknown, body: ReactivateBookingRequest): Promise<MyMoveView> {
    const record = await this.lifecycle.byToken(token);
    const { start, expectedTotalPence } = await this.allowed(record, body);
    const now = this.lifecycle.now();
    const at = now.toISOString();
    const { record: after } = await repriceAndSettle(this.lifecycle, this.pricer, record, {
      changes: { date: start.toISOString() },
      ...(expectedTotalPence !== undefined ? { expectedTotalPence } : {}),
      set: { ...materialised(record, 'active'), frozenAt: null },
      rules: reactivateTerms,
      history: (s) => {
        const lines: BookingHistoryEntry[] = [
          { at, kind: 'reactivated', text: `New moving date: ${moveWhen(s.updated.quote.date)}` },
        ];
        if (s.totalPence !== s.previousTotalPence) {
          lines.push({
            at,
            kind: 'repriced',
            text: `Price for the new date: ${formatPence(s.totalPence)} (was ${formatPence(s.previousTotalPence)})${settlementWords(s)}`,
            amountPence: s.totalPence,
          });
        }
        return lines;
      },
      event: (s) =>
        this.lifecycle.event(
          'booking.reactivated',
          {
            ...this.lifecycle.factsOf(s.updated),
            previousDate: record.quote.date,
            totalPricePence: s.totalPence,
            previousTotalPricePence: s.previousTotalPence,
            balancePence: s.balancePence,
            refundPence: s.refundPence,
          },
          record,
        ),
    });
    return myMoveView(after, this.lifecycle.now());
  }
}

/**
 * The short-notice fee in the new date's price: the card the booking was priced at (a change is
 * priced at the booked rates) adds it when the new start is within its notice of now, as pricing does.
 */
function shortNoticeFeeOf(record: StoredBooking, start: Date, now: Date): number {
  const card = record.bookedCard;
  if (!card) return 0;
  return start.getTime() - now.getTime() < card.lateBookingWithinMinutes * 60_000 ? card.lateBookingPence : 0;
}
