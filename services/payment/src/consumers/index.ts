import { TOPICS } from '@vanhop/contracts';
import type { Subscription } from '@vanhop/platform';
import type { IssueRefund } from '../app/issue-refund.js';
import { onRefundRequested } from './on-refund-requested.js';

export const paymentSubscriptions = (deps: { issueRefund: IssueRefund }): Subscription[] => [
  { topic: TOPICS.refundRequested, handler: onRefundRequested(deps.issueRefund) },
];
