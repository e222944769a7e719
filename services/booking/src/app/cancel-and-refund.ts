import { COOLING_OFF_MS, type BookingCancelled, type RefundReason } from '@vanhop/contracts';
import { ConflictError, type OutboxEntry } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { WRITE_ATTEMPTS, type MyMoveRecords } from './my-move-records.js';

export const CHANGED_MEANWHILE = 'This booking changed meanwhile: please reload the page and try again.';

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
  records: MyMoveRecords,
  first: StoredBooking,
  decide: (record: StoredBooking, now: Date) => Cancellation,
): Promise<{ record: StoredBooking; now: Date }> {
  let record = first;
  for (let attempt = 1; ; attempt++) {
    const now = records.clock.now();
    const c = decide(record, now);
    const cancelledAt = now.toISOString();
    const paidAt = ruleFacts(record).paidAt;
    const withinCoolingOff = !!paidAt && now.getTime() < Date.parse(paidAt) + COOLING_OFF_MS;
    const outbox: OutboxEntry[] = [
      await records.event(
        'booking.cancelled',
        { ...records.factsOf(record), cancelledAt, refundPence: c.refundPence, withinCoolingOff, ...c.by },
        record,
      ),
    ];
    const refund = c.refundPence > 0 ? await records.refund(record, c.refundPence, c.refundReason) : null;
    if (refund) outbox.push(refund.entry);
    const written = await records.write(record, {
      set: { ...materialised(record, 'cancelled'), cancelledAt, OutstandingBalance: 0, ...c.set },
      history: [{ at: cancelledAt, kind: 'cancelled', text: c.text }],
      events: outbox,
      ...(refund ? { pendingRefund: refund.pending } : {}),
    });
    const after = await records.reload(record._id);
    if (written && after) return { record: after, now };
    if (!after || attempt >= WRITE_ATTEMPTS) throw new ConflictError(CHANGED_MEANWHILE);
    record = after;
  }
}
