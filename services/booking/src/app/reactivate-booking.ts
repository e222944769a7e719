import {
  bookingTimeProblem,
  reactivateBookingSchema,
  reactivateTerms,
  type BookingHistoryEntry,
  type MyMoveView,
  type NewDatePrice,
} from '@vanhop/contracts';
import { ConflictError, validate, ValidationError } from '@vanhop/platform';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { dayOf, moveWhen, pounds } from '../domain/words.js';
import type { MyMoveRecords } from './my-move-records.js';
import { previewReprice, repriceAndSettle, settlementWords } from './reprice-booking.js';
import type { StoredBooking } from '../domain/booking-record.js';
import type { QuotePricer } from './save-quote.js';
import { myMoveView } from './view-my-move.js';

/**
 * Gives a postponed booking its new date (within 12 months of postponing, on the booking-time
 * rules) and re-prices the same move with the same driver through the quote service. What was
 * paid is kept: a dearer move leaves a balance, a cheaper one is refunded the difference.
 */
export class ReactivateBooking {
  constructor(
    private readonly records: MyMoveRecords,
    private readonly pricer: QuotePricer,
  ) {}

  /** The new date's price and what it settles, priced as `execute` would, writing nothing. */
  async price(token: unknown, body: unknown): Promise<NewDatePrice> {
    const record = await this.records.byToken(token);
    const { start } = await this.allowed(record, body);
    const money = await previewReprice(this.pricer, record, { date: start.toISOString() });
    return { date: start.toISOString(), ...money };
  }

  /** The booking and the new start, once the date passes every rule (409 or 400 naming `date` otherwise). */
  private async allowed(record: StoredBooking, body: unknown): Promise<{ start: Date; expectedTotalPence?: number }> {
    const { date, expectedTotalPence } = await validate(reactivateBookingSchema, body, 'New date');
    const now = this.records.clock.now();
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

  async execute(token: unknown, body: unknown): Promise<MyMoveView> {
    const record = await this.records.byToken(token);
    const { start, expectedTotalPence } = await this.allowed(record, body);
    const now = this.records.clock.now();
    const at = now.toISOString();
    const { record: after } = await repriceAndSettle(this.records, this.pricer, record, {
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
            text: `Price for the new date: ${pounds(s.totalPence)} (was ${pounds(s.previousTotalPence)})${settlementWords(s)}`,
            amountPence: s.totalPence,
          });
        }
        return lines;
      },
      event: (s) =>
        this.records.event(
          'booking.reactivated',
          {
            ...this.records.factsOf(s.updated),
            previousDate: record.quote.date,
            totalPricePence: s.totalPence,
            previousTotalPricePence: s.previousTotalPence,
            balancePence: s.balancePence,
            refundPence: s.refundPence,
          },
          record,
        ),
    });
    return myMoveView(after, this.records.clock.now());
  }
}
