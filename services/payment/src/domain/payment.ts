import type { PaymentPercentage } from '@vanhop/contracts';
import type { WithOutbox } from '@vanhop/platform';

export type PaymentKind = 'checkout' | 'intent';
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
