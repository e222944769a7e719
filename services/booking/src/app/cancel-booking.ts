import { cancelTerms, REFUND_TERMS_CHANGED, type MyMoveView, formatPence } from '@vanhop/contracts';
import { ConflictError } from '@vanhop/platform';
import { ruleFacts } from '../domain/lifecycle.js';
import { cancelAndRefund } from './cancel-and-refund.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { myMoveView } from './view-my-move.js';

/**
 * The customer cancels on My move, on the terms of docs/BOOKING-LIFECYCLE.md (contracts cancelTerms):
 * inside the cooling-off hour with everything paid refunded, later with nothing refunded. Written by
 * cancelAndRefund, so a second cancel, however close behind, finds the booking cancelled and
 * changes nothing.
 */
export class CancelBooking {
  constructor(private readonly lifecycle: BookingLifecycleWriter) {}

  async execute(token: unknown, expectedRefundPence?: number): Promise<MyMoveView> {
    const { record, now } = await cancelAndRefund(
      this.lifecycle,
      await this.lifecycle.byToken(token),
      (current, at) => {
        const terms = cancelTerms(ruleFacts(current), at);
        if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be cancelled.');
        if (expectedRefundPence !== undefined && expectedRefundPence !== terms.refundPence)
          throw new ConflictError(REFUND_TERMS_CHANGED);
        return {
          refundPence: terms.refundPence,
          refundReason: terms.afterDriverChange ? 'driver-change' : 'cooling-off-cancellation',
          text:
            terms.afterDriverChange && terms.refundPence > 0
              ? `Cancelled after your driver changed: ${formatPence(terms.refundPence)} will be refunded to your card`
              : terms.refundPence > 0
                ? `Cancelled in the cooling-off period: ${formatPence(terms.refundPence)} will be refunded to your card`
                : 'Cancelled: under the cancellation policy nothing paid is refunded',
          by: { cancelledBy: 'customer' },
        };
      },
    );
    return myMoveView(record, now);
  }
}
