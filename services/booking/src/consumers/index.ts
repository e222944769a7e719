import { TOPICS } from '@vanhop/contracts';
import type { Subscription } from '@vanhop/platform';
import type { RecordPayment } from '../app/record-payment.js';
import { onPaymentSucceeded } from './on-payment-succeeded.js';

export const bookingSubscriptions = (deps: { recordPayment: RecordPayment }): Subscription[] => [
  { topic: TOPICS.paymentSucceeded, handler: onPaymentSucceeded(deps.recordPayment) },
];
