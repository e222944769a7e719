import type { PaymentKind } from './payment.js';

/** Where the local test checkout shows a charge (its Pay and Fail forms post below it). */
export const localCheckoutPath = (ref: string) => `/api/payments/local-checkout/${encodeURIComponent(ref)}`;

/** One charge held by the local test provider: what a Stripe Checkout Session / PaymentIntent would hold. */
export interface LocalCharge {
  _id: string;
  kind: PaymentKind;
  status: 'open' | 'succeeded' | 'failed';
  amountPence: number;
  currency: 'gbp';
  description: string;
  randomNumber: number;
  percentage: number;
  purpose?: 'deposit' | 'balance';
  /** Where Pay sends the browser (`{CHECKOUT_SESSION_ID}` already filled in). */
  successPath: string;
  cancelPath: string;
  clientSecret: string | null;
  idempotencyKey: string;
  createdAt: string;
  completedAt?: string;
  /** Closed by the service (a newer attempt replaced it, its hold lapsed), not declined on the page. */
  closed?: true;
  /** A checkout stops taking payment then, as a Stripe Checkout Session created with `expires_at`. */
  expiresAt?: string;
}
