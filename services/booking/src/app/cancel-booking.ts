import { cancelTerms, COOLING_OFF_MS, REFUND_TERMS_CHANGED, type MyMoveView } from '@vanhop/contracts';
import { ConflictError, type OutboxEntry } from '@vanhop/platform';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { pounds } from '../domain/words.js';
import { WRITE_ATTEMPTS, type MyMoveRecords } from './my-move-records.js';
import { myMoveView } from './view-my-move.js';

/**
 * Cancels a booking on the terms of docs/BOOKING-LIFECYCLE.md (contracts cancelTerms): inside the cooling-off hour with
 * everything paid refunded, later with nothing refunded. The state change, BookingCancelled and
 * (with money to give back) RefundRequested are one conditional write, so a second cancel, however
 * close behind, finds the booking cancelled and changes nothing.
 */
export class CancelBooking {
  constructor(private readonly records: MyMoveRecords) {}

  async execute(token: unknown, expectedRefundPence?: number): Promise<MyMoveView> {
    let record = await this.records.byToken(token);
    for (let attempt = 1; ; attempt++) {
      const now = this.records.clock.now();
      const facts = ruleFacts(record);
      const terms = cancelTerms(facts, now);
      if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be cancelled.');
      if (expectedRefundPence !== undefined && expectedRefundPence !== terms.refundPence) throw new ConflictError(REFUND_TERMS_CHANGED);

      const cancelledAt = now.toISOString();
      const withinCoolingOff = !!facts.paidAt && now.getTime() < Date.parse(facts.paidAt) + COOLING_OFF_MS;
      const outbox: OutboxEntry[] = [
        await this.records.event(
          'booking.cancelled',
          { ...this.records.factsOf(record), cancelledAt, refundPence: terms.refundPence, withinCoolingOff },
          record,
        ),
      ];
      const refund = terms.refundPence > 0 ? await this.records.refund(record, terms.refundPence, 'cooling-off-cancellation') : null;
      if (refund) outbox.push(refund.entry);
      const text = refund
        ? `Cancelled in the cooling-off period: ${pounds(terms.refundPence)} will be refunded to your card`
        : 'Cancelled: under the cancellation policy nothing paid is refunded';
      const written = await this.records.write(record, {
        set: { ...materialised(record, 'cancelled'), cancelledAt, OutstandingBalance: 0 },
        history: [{ at: cancelledAt, kind: 'cancelled', text }],
        events: outbox,
        ...(refund ? { pendingRefund: refund.pending } : {}),
      });
      const after = await this.records.reload(record._id);
      if (written && after) return myMoveView(after, now);
      if (!after || attempt >= WRITE_ATTEMPTS) throw new ConflictError('This booking changed meanwhile: please reload the page and try again.');
      // Someone else wrote first (another cancel, a refund, a payment): decide again on what is there now.
      record = after;
    }
  }
}

