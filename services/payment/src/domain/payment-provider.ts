import type { PaymentPercentage } from '@vanhop/contracts';
import type { PaymentKind, PaymentPurpose, ProviderName, ProviderOutcome } from './payment.js';

/** What the use cases ask a provider to charge; amounts are always computed by the server. */
export interface ChargeRequest {
  bookingId: string;
  randomNumber: number;
  percentage: PaymentPercentage;
  /** Absent: a deposit (or the whole price) that places the booking. */
  purpose?: PaymentPurpose;
  amountPence: number;
  currency: 'gbp';
  description: string;
  customerEmail?: string;
  idempotencyKey: string;
}

export interface CheckoutRequest extends ChargeRequest {
  /** Site-relative; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successPath: string;
  cancelPath: string;
  /** When the session stops taking payment (the driver's hold lapses with it). */
  expiresAt: Date;
}

export interface IntentRequest extends ChargeRequest {
  /** Site-relative page the customer returns to after paying (used by the local checkout page). */
  returnPath: string;
  cancelPath: string;
}

/** Money back on one payment the provider took; amounts are always computed by the server. */
export interface RefundRequest {
  /** The payment's reference as the provider gave it (Checkout Session or PaymentIntent id). */
  paymentRef: string;
  paymentKind: PaymentKind;
  amountPence: number;
  idempotencyKey: string;
  bookingId: string;
  refundId: string;
}

/** The provider's own view of a payment: the only thing allowed to move a payment to succeeded. */
export interface ProviderPaymentState extends ProviderOutcome {
  ref: string;
  kind: PaymentKind;
  failureMessage?: string;
}

export type ClosedOutcome = 'closed' | 'paid' | 'open';

/** A verified provider notification, reduced to what the payment service acts on. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Null for event types we do not act on. */
  payment: ProviderPaymentState | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<{ ref: string; url: string }>;
  createIntent(request: IntentRequest): Promise<{ ref: string; clientSecret: string }>;
  retrieve(kind: PaymentKind, ref: string): Promise<ProviderPaymentState>;
  /**
   * Stops an open checkout or intent from ever taking money (Stripe: expire the session, cancel the
   * intent). 'paid' when the provider already took the money, 'open' when it cannot promise that it
   * will not (an intent still processing): either way the attempt stands.
   */
  close(kind: PaymentKind, ref: string, idempotencyKey?: string): Promise<ClosedOutcome>;
  /** Gives money back on a payment; the same idempotency key never refunds twice. */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
  /** Checks the signature over the exact raw body; throws a ValidationError when it does not verify. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
