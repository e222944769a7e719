import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { RecordRefund } from '../app/record-refund.js';

/** RefundIssued (from the payment service) → the booking's refunded amount, receipt and history. */
export const onRefundIssued =
  (recordRefund: RecordRefund): EventHandler =>
  async (event) => {
    const { data } = await readEvent(TOPICS.refundIssued, event);
    await recordRefund.execute(data);
  };
