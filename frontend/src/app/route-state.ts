import type { PaymentSuccessResponse } from '@vanhop/contracts';

/** The retrieve page's card payment arrives at the payment-success page already confirmed (its answer in the navigation state). */
export interface ConfirmedPaymentState {
  confirmed: Partial<PaymentSuccessResponse>;
}
