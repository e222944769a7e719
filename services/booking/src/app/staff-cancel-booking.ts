import { staffCancelSchema, staffCancelTerms, type StaffCancellation, formatPence } from '@vanhop/contracts';
import { ConflictError, NotFoundError, validateNow } from '@vanhop/platform';
import { ruleFacts } from '../domain/lifecycle.js';
import { cancelAndRefund } from './cancel-and-refund.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';

/** A reason as a clause of the history line: "Driver unwell." reads "Driver unwell; £x will be refunded". */
const asClause = (reason: string): string => reason.replace(/[\s.;:,]+$/u, '');

/** The customer's history line: VanHop cancelled, why, and the money; never the staff member's name. */
export function staffCancelHistoryText(reason: string, refundPence: number): string {
  const money =
    refundPence > 0 ? `${formatPence(refundPence)} will be refunded to your card` : 'nothing paid is refunded';
  return `Cancelled by VanHop: ${asClause(reason)}; ${money}`;
}

/**
 * Staff cancel a booking that took money (docs/BOOKING-LIFECYCLE.md, "Cancelling"), active or
 * postponed, refunding what they chose: from nothing to everything paid net of refunds, so they may
 * be more generous than the customer's own terms. The same write as a customer's cancel
 * (cancelAndRefund): the customer and the driver are e-mailed, the driver's time is given back and
 * the payment service refunds the card (reason `staff-cancellation`). The reason is told to the
 * customer; who cancelled stays in the office (the event's `staffUsername`, the record's
 * `staffCancellation`).
 */
export class StaffCancelBooking {
  constructor(private readonly lifecycle: BookingLifecycleWriter) {}

  async execute(
    id: string,
    body: unknown,
    staffUsername: string,
  ): Promise<AdminBookingView & { cancellation: StaffCancellation }> {
    const first = await this.lifecycle.reload(id);
    if (!first) throw new NotFoundError('No booking record with that id');
    let chosen = { refundPence: 0, reason: '' };
    const { record, now } = await cancelAndRefund(this.lifecycle, first, (current) => {
      const terms = staffCancelTerms(ruleFacts(current));
      if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be cancelled.');
      // The limit is the record's own (what it took, net of refunds), read again on every attempt.
      chosen = validateNow(staffCancelSchema(terms.maxRefundPence), body, 'Cancellation');
      return {
        refundPence: chosen.refundPence,
        refundReason: 'staff-cancellation',
        text: staffCancelHistoryText(chosen.reason, chosen.refundPence),
        by: { cancelledBy: 'staff', reason: chosen.reason, staffUsername },
        set: { staffCancellation: { by: staffUsername, reason: chosen.reason } },
      };
    });
    return {
      ...toAdminView(record),
      cancellation: {
        refundPence: chosen.refundPence,
        reason: chosen.reason,
        cancelledBy: staffUsername,
        cancelledAt: now.toISOString(),
      },
    };
  }
}
