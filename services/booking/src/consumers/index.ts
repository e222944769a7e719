import { TOPICS } from '@vanhop/contracts';
import type { Subscription } from '@vanhop/platform';
import type { RecordPayment } from '../app/record-payment.js';
import { onPaymentSucceeded } from './on-payment-succeeded.js';
import type { MarkReviewRequested } from '../app/mark-review-requested.js';
import { onReviewRequested } from './on-review-requested.js';

export const bookingSubscriptions = (deps: { recordPayment: RecordPayment; markReviewRequested: MarkReviewRequested }): Subscription[] => [
  { topic: TOPICS.paymentSucceeded, handler: onPaymentSucceeded(deps.recordPayment) },
  { topic: TOPICS.reviewRequested, handler: onReviewRequested(deps.markReviewRequested) },
];
