import { formatPence, penceToPounds, poundsToPence, type JobReassigned } from '@vanhop/contracts';
import { ConflictError, LOST_RACE, retryOnConflict, type Logger, type OutboxEntry } from '@vanhop/platform';
import { ruleFacts } from '../domain/lifecycle.js';
import { CHANGED_MEANWHILE, WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';

/**
 * The customer pays no more than their new driver's own price for the move: when the job went to a
 * driver cheaper than the booked price, the booking's price comes down to theirs, and whatever was
 * paid above it is refunded through the usual refund flow (My move shows the line and the refund).
 * A dearer driver changes nothing here: the office bears the difference. Once only: the price is
 * lowered on the condition that it is still the booked price the event names, so a redelivery
 * finds it already lowered.
 */
export class PriceToNewDriver {
  constructor(private readonly deps: { lifecycle: BookingLifecycleWriter; logger: Logger }) {}

  async apply(j: JobReassigned): Promise<void> {
    const booked = j.bookedPence;
    if (booked === undefined || j.driverPricePence >= booked || (j.officeBearsPence ?? 0) > 0) return;
    const { lifecycle } = this.deps;
    const first = await lifecycle.reload(j.bookingId);
    if (!first) return;
    await retryOnConflict(
      () => lifecycle.current(j.bookingId),
      async (record) => {
        // Cancelled, postponed, re-priced since, or already lowered: nothing to do.
        if ((record.state ?? 'active') !== 'active' || poundsToPence(record.quote.totalPrice) !== booked) return;
        if (record.driver?.id !== j.driver.id) return;
        const facts = ruleFacts(record);
        const totalPence = j.driverPricePence;
        const net = facts.amountPaidPence - facts.amountRefundedPence;
        const refundPence = Math.max(0, net - totalPence);
        const balancePence = Math.max(0, totalPence - net);
        const outbox: OutboxEntry[] = [];
        const refund = refundPence > 0 ? await lifecycle.refund(record, refundPence, 'driver-change') : null;
        if (refund) outbox.push(refund.entry);
        const ending = refundPence > 0 ? `: ${formatPence(refundPence)} will be refunded to your card` : '';
        const written = await lifecycle.write(record, {
          set: {
            quote: { ...record.quote, totalPrice: penceToPounds(totalPence) },
            OutstandingBalance: penceToPounds(balancePence),
            paymentStatus: balancePence === 0 ? 'paid' : record.paymentStatus,
          },
          history: [
            {
              at: j.at,
              kind: 'driver',
              text: `Your price is now ${formatPence(totalPence)}, ${j.driver.name}'s own price for your move${ending}`,
            },
          ],
          events: outbox,
          ...(refund ? { pendingRefund: refund.pending } : {}),
        });
        if (!written) return LOST_RACE;
        this.deps.logger.info(
          { bookingId: j.bookingId, fromPence: booked, toPence: totalPence, refundPence },
          'price lowered to the new driver’s own',
        );
      },
      { attempts: WRITE_ATTEMPTS, first, exhausted: () => new ConflictError(CHANGED_MEANWHILE) },
    );
  }
}
