import type { PaymentPercentage } from '@vanhop/contracts';
import type { WithOutbox } from '@vanhop/platform';

export type PaymentKind = 'checkout' | 'intent';
/** What a payment is for: the first one places the booking (deposit or all of it), a balance settles the rest. */
export type PaymentPurpose = 'deposit' | 'balance';
export type PaymentState = 'pending' | 'succeeded' | 'failed';
export type ProviderName = 'stripe' | 'local';

/**
 * One payment attempt: a Checkout Session or a PaymentIntent. `_id` is the provider's reference, so
 * the webhook, the success page, updatepaymentstatus and replays all land on the same document and
 * a single conditional write decides which of them announces the success.
 */
export interface Payment extends WithOutbox {
  _id: string;
  provider: ProviderName;
  kind: PaymentKind;
  /** Absent on payments stored before balances could be paid online: those are all deposits. */
  purpose?: PaymentPurpose;
  bookingId: string;
  randomNumber: number;
  percentage: PaymentPercentage;
  amountPence: number;
  currency: 'gbp';
  /** 1 for the first attempt at this booking/kind/percentage; part of the idempotency key. */
  attempt: number;
  idempotencyKey: string;
  status: PaymentState;
  /** Hosted page to send the customer to (Checkout), or null. */
  redirectUrl: string | null;
  /** Card-confirmation secret (PaymentIntent), or null. */
  clientSecret: string | null;
  createdAt: string;
  updatedAt: string;
  succeededAt?: string;
  failureMessage?: string;
}

/** Idempotency key for a provider create call: same booking, share and attempt → same provider object. */
export const idempotencyKeyFor = (kind: PaymentKind, bookingId: string, percentage: PaymentPercentage, attempt: number): string =>
  `vanhop-${kind}-${bookingId}-${percentage}-${attempt}`;

/** The same for a balance checkout: same booking and attempt → the same Checkout Session. */
export const balanceIdempotencyKey = (bookingId: string, attempt: number): string => `vanhop-checkout-${bookingId}-balance-${attempt}`;

/** One refund of one payment: the provider gives the same refund back for the same key. */
export const refundIdempotencyKey = (refundId: string, paymentRef: string): string => `vanhop-refund-${refundId}-${paymentRef}`;
