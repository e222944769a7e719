import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { FollowDriverJobs } from '../app/follow-driver-jobs.js';
import type { FollowJobProgress } from '../app/follow-job-progress.js';
import type { RecordPayment } from '../app/record-payment.js';
import type { MarkReviewRequested } from '../app/mark-review-requested.js';
import type { RecordRefund } from '../app/record-refund.js';
import { onPaymentSucceeded } from './on-payment-succeeded.js';
import { onReviewRequested } from './on-review-requested.js';
import { onRefundIssued } from './on-refund-issued.js';

export const bookingSubscriptions = (deps: {
  recordPayment: RecordPayment;
  markReviewRequested: MarkReviewRequested;
  recordRefund: RecordRefund;
  driverJobs: FollowDriverJobs;
  jobProgress?: FollowJobProgress;
}): Subscription[] => [
  { topic: TOPICS.paymentSucceeded, handler: onPaymentSucceeded(deps.recordPayment) },
  { topic: TOPICS.reviewRequested, handler: onReviewRequested(deps.markReviewRequested) },
  { topic: TOPICS.refundIssued, handler: onRefundIssued(deps.recordRefund) },
  {
    topic: TOPICS.jobAccepted,
    handler: async (e) => deps.driverJobs.accepted((await readEvent(TOPICS.jobAccepted, e)).data),
  },
  {
    // A driver asked to confirm a new time: the booking stops saying they accepted (the event's own time orders it).
    topic: TOPICS.jobOffered,
    handler: async (e) => {
      const { data, occurredAt } = await readEvent(TOPICS.jobOffered, e);
      await deps.driverJobs.offered(data, occurredAt);
    },
  },
  {
    topic: TOPICS.jobReturned,
    handler: async (e) => deps.driverJobs.returned((await readEvent(TOPICS.jobReturned, e)).data),
  },
  {
    topic: TOPICS.jobReassigned,
    handler: async (e) => deps.driverJobs.reassigned((await readEvent(TOPICS.jobReassigned, e)).data),
  },
  ...(deps.jobProgress ? [progressSubscription(deps.jobProgress)] : []),
];

/** JobProgressed → the My move line of each step, and the booking done on "done". */
const progressSubscription = (follow: FollowJobProgress): Subscription => ({
  topic: TOPICS.jobProgressed,
  handler: async (e) => follow.progressed((await readEvent(TOPICS.jobProgressed, e)).data),
});
