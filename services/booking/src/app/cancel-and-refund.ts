import { COOLING_OFF_MS, type BookingCancelled, type RefundReason } from '@vanhop/contracts';
import { ConflictError, LOST_RACE, retryOnConflict, type OutboxEntry } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { CHANGED_MEANWHILE, WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';

/** A cancellation as decided on the record as read: the refund, the customer's history line, who and why. */
export interface Cancellation {
  refundPence: number;
  refundReason: RefundReason;
  /** The line the customer reads in their history. */
  text: string;
  /** Who cancelled and why, as BookingCancelled carries it to the e-mails. */
  by: Pick<BookingCancelled, 'cancelledBy' | 'reason' | 'staffUsername'>;
  /** Kept on the record beside the state change (a staff cancellation's who and why). */
  set?: Partial<StoredBooking>;
}

/**
 * The one way a booking is cancelled, by the customer on My move or by staff: state cancelled,
 * nothing owed, BookingCancelled (the customer's and the driver's e-mails, the driver's time given
 * back) and, with money to give back, RefundRequested, all in one conditional write. `decide` runs
 * on the record as read, and again on the record as it is now whenever another write got in first
 * (another cancel, a refund, a payment), so what is written was always decided on what is there; it
 * throws to refuse. Answers the record as written and the instant it was decided at.
 */
export async function cancelAndRefund(
  lifecycle: BookingLifecycleWriter,
  first: StoredBooking,
  decide: (record: StoredBooking, now: Date) => Cancellation,
): Promise<{ record: StoredBooking; now: Date }> {
  const changedMeanwhile = () => new ConflictError(CHANGED_MEANWHILE);
  return retryOnConflict(
    () => lifecycle.current(first._id),
    async (record) => {
      const now = lifecycle.now();
      const c = decide(record, now);
      const cancelledAt = now.toISOString();
      const paidAt = ruleFacts(record).paidAt;
      const withinCoolingOff = !!paidAt && now.getTime() < Date.parse(paidAt) + COOLING_OFF_MS;
      const outbox: OutboxEntry[] = [
        await lifecycle.event(
          'booking.cancelled',
          { ...lifecycle.factsOf(record), cancelledAt, refundPence: c.refundPence, withinCoolingOff, ...c.by },
          record,
        ),
      ];
      const refund = c.refundPence > 0 ? await lifecycle.refund(record, c.refundPence, c.refundReason) : null;
      if (refund) outbox.push(refund.entry);
      const written = await lifecycle.write(record, {
        set: { ...materialised(record, 'cancelled'), cancelledAt, OutstandingBalance: 0, ...c.set },
        history: [{ at: cancelledAt, kind: 'cancelled', text: c.text }],
        events: outbox,
        ...(refund ? { pendingRefund: refund.pending } : {}),
      });
      if (!written) return LOST_RACE;
      const after = await lifecycle.reload(record._id);
      if (!after) throw changedMeanwhile();
      return { record: after, now };
    },
    { attempts: WRITE_ATTEMPTS, first, exhausted: changedMeanwhile },
  );
}
