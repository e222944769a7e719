import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { IssueRefund } from '../app/issue-refund.js';

/** RefundRequested (from the booking service) → the provider's refunds and one RefundIssued. */
export const onRefundRequested =
  (issueRefund: IssueRefund): EventHandler =>
  async (event) => {
    const { data, eventId, correlationId } = await readEvent(TOPICS.refundRequested, event);
    await issueRefund.execute(data, { eventId, correlationId });
  };
