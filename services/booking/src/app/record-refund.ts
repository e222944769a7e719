import { REFUND_DESCRIPTIONS, type RefundIssued, formatPence } from '@vanhop/contracts';
import { LOST_RACE, retryOnConflict, type Logger } from '@vanhop/platform';
import type { BookingRepository } from '../domain/ports.js';
import { refundReceiptId } from '../domain/lifecycle.js';
import { WRITE_ATTEMPTS } from './booking-lifecycle-writer.js';

/** "Cancellation by VanHop" as part of a sentence: only its first letter is lowered, names keep theirs. */
const asClause = (description: string): string => description.charAt(0).toLowerCase() + description.slice(1);

export type RecordRefundOutcome = 'recorded' | 'already-recorded' | 'not-found';

/**
 * RefundIssued → the booking's refunded amount, a refund receipt and a history line. The write
 * matches only while the refund is still pending on the record and pulls it in the same update, so a
 * replayed RefundIssued (or one for a refund this record never asked for) changes nothing.
 */
export class RecordRefund {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly logger: Logger,
  ) {}

  async execute(refund: RefundIssued): Promise<RecordRefundOutcome> {
    const read = () => this.bookings.byId(refund.bookingId);
    return retryOnConflict(
      read,
      async (record): Promise<RecordRefundOutcome | typeof LOST_RACE> => {
        if (!record) {
          this.logger.error(
            { bookingId: refund.bookingId, refundId: refund.refundId },
            'refund issued for an unknown booking',
          );
          return 'not-found';
        }
        const pending = (record.pendingRefunds ?? []).find((p) => p.refundId === refund.refundId);
        if (!pending) return 'already-recorded';
        if (refund.amountPence < pending.amountPence) {
          this.logger.error(
            {
              bookingId: record._id,
              refundId: refund.refundId,
              asked: pending.amountPence,
              issued: refund.amountPence,
            },
            'refund smaller than asked; follow up by hand',
          );
        }
        const description = REFUND_DESCRIPTIONS[refund.reason];
        const settled = await this.bookings.settleRefundIfPending(record, refund, {
          history: [
            {
              at: refund.issuedAt,
              kind: 'refunded',
              text: `${formatPence(refund.amountPence)} refunded to your card (${asClause(description)})`,
              amountPence: refund.amountPence,
            },
          ],
          receipts: [
            {
              id: refundReceiptId(refund.refundId),
              kind: 'refund',
              at: refund.issuedAt,
              amountPence: refund.amountPence,
              description,
              provider: refund.provider,
              providerRef: refund.providerRefs.join(', '),
            },
          ],
        });
        if (settled) {
          this.logger.info(
            { bookingId: record._id, refundId: refund.refundId, amountPence: refund.amountPence },
            'refund recorded',
          );
          return 'recorded';
        }
        return LOST_RACE;
      },
      {
        attempts: WRITE_ATTEMPTS,
        exhausted: () =>
          new Error(
            `booking ${refund.bookingId} kept changing while refund ${refund.refundId} was recorded; retrying the event`,
          ),
      },
    );
  }
}
