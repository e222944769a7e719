import { TOPICS } from '@vanhop/contracts';
import { readEvent, type EventHandler } from '@vanhop/platform';
import type { RecordPayment } from '../app/record-payment.js';

/** PaymentSucceeded (from the payment service) → the booking's status, balance and BookingConfirmed. */
export const onPaymentSucceeded =
  (recordPayment: RecordPayment): EventHandler =>
  async (event) => {
    const { data, eventId, correlationId } = await readEvent(TOPICS.paymentSucceeded, event);
    await recordPayment.execute(data, { eventId, correlationId });
  };
