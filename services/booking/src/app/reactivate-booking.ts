import { bookingTimeProblem, penceToPounds, reactivateBookingSchema, reactivateTerms, type BookingHistoryEntry, type MyMoveView } from '@vanhop/contracts';
import { ConflictError, validate, ValidationError, type OutboxEntry } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { appendLifecycle, materialised, ruleFacts, unchangedSince } from '../domain/lifecycle.js';
import { bookingRequestFromQuote } from '../domain/quote-request.js';
import { dayOf, moveWhen, pounds } from '../domain/words.js';
import type { MyMoveRecords } from './my-move-records.js';
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

  async execute(token: unknown, body: unknown): Promise<MyMoveView> {
    const record = await this.records.byToken(token);
    const { date } = await validate(reactivateBookingSchema, body, 'New date');
    const now = this.records.clock.now();
    const facts = ruleFacts(record);
    const terms = reactivateTerms(facts, now);
    if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be given a new date.');
    const start = new Date(date);
    const problem = bookingTimeProblem(start, now);
    if (problem) throw new ValidationError(problem, { date: problem });
    if (terms.latest && start.getTime() > Date.parse(terms.latest)) {
      const message = `A postponed booking must be used within 12 months: choose a date by ${dayOf(terms.latest)}`;
      throw new ValidationError(message, { date: message });
    }

    const { request, driverId } = pricingRequestOf(record);
    const priced = await this.pricer.price({ ...request, date: start.toISOString() }, driverId);

    const previousTotal = facts.totalPricePence;
    const newTotal = priced.totalPricePence;
    const net = facts.amountPaidPence - facts.amountRefundedPence;
    const refundPence = Math.max(0, net - newTotal);
    const balancePence = Math.max(0, newTotal - net);
    const at = now.toISOString();
    const percentage = record.quote.percentage ?? record.percentage;
    const updated: StoredBooking = {
      ...record,
      quote: { ...priced.quote, percentage },
      request: { ...priced.request, ...(driverId ? { driverId } : {}) },
      driver: priced.driver ?? record.driver ?? null,
    };

    const history: BookingHistoryEntry[] = [{ at, kind: 'reactivated', text: `New moving date: ${moveWhen(updated.quote.date)}` }];
    if (newTotal !== previousTotal) {
      const after = refundPence > 0 ? `: ${pounds(refundPence)} will be refunded to your card` : balancePence > 0 ? `: ${pounds(balancePence)} left to pay` : '';
      history.push({ at, kind: 'repriced', text: `Price for the new date: ${pounds(newTotal)} (was ${pounds(previousTotal)})${after}`, amountPence: newTotal });
    }
    const outbox: OutboxEntry[] = [
      await this.records.event(
        'booking.reactivated',
        { ...this.records.factsOf(updated), previousDate: record.quote.date, totalPricePence: newTotal, previousTotalPricePence: previousTotal, balancePence, refundPence },
        record,
      ),
    ];
    const refund = refundPence > 0 ? await this.records.refund(updated, refundPence, 'reprice') : null;
    if (refund) outbox.push(refund.entry);

    const { set, push } = appendLifecycle(record, { history });
    const written = await this.records.write(unchangedSince(record), {
      $set: {
        ...materialised(record, 'active'),
        frozenAt: null,
        quote: updated.quote,
        request: updated.request,
        driver: updated.driver,
        OutstandingBalance: penceToPounds(balancePence),
        paymentStatus: balancePence === 0 ? 'paid' : record.paymentStatus,
        ...set,
      },
      $push: { ...push, outbox: { $each: outbox }, ...(refund ? { pendingRefunds: refund.pending } : {}) },
    });
    if (!written) {
      const now2 = await this.records.reload(record._id);
      const still = now2 && reactivateTerms(ruleFacts(now2), this.records.clock.now());
      throw new ConflictError(still && !still.allowed ? (still.reason ?? 'This booking changed meanwhile.') : 'This booking changed meanwhile: please reload the page and try again.');
    }
    const after = await this.records.reload(record._id);
    return myMoveView(after ?? updated, this.records.clock.now());
  }
}

/** The stored pricing request (same move, same driver); records without one rebuild it from their quote. */
function pricingRequestOf(record: StoredBooking): { request: Record<string, unknown>; driverId?: string } {
  const stored = record.request as (Record<string, unknown> & { driverId?: unknown }) | undefined;
  const fromQuote = bookingRequestFromQuote(record.quote as unknown as Record<string, unknown>);
  const { driverId: storedDriver, ...request } = stored ?? fromQuote.request;
  const driverId = (typeof storedDriver === 'string' && storedDriver) || record.driver?.id || fromQuote.driverId;
  return { request, ...(driverId ? { driverId } : {}) };
}

