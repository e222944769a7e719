import {
  customerStatusText,
  driverStandingText,
  paymentStatusFor,
  type BookingSummary,
  type PaymentPercentage,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { timingSafeEqual } from 'node:crypto';

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
export interface Payment {
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
  /** A deposit attempt's hold on the driver lasts until then (unless paid); what the open-hold cap counts. */
  holdUntil?: string;
  /** The client that opened it (its address as the gateway saw it), for the open-hold cap. */
  clientKey?: string;
  /** The customer it holds for (platform holdHolderOf of the contact e-mail), for the open-hold cap. */
  holder?: string;
  /** Paid after its hold lapsed, when another booking had taken the driver: refunded, never placing the booking. */
  driverTaken?: true;
}

/** What the success page says of a payment that came too late for its driver (it is refunded in full). */
export const DRIVER_TAKEN_PAYMENT_MESSAGE =
  "Your payment arrived after your driver's hold had lapsed and another customer had booked them. It is being refunded in full to your card: please get quotes again.";

/** Idempotency key for a provider create call: same booking, share and attempt → same provider object. */
export const idempotencyKeyFor = (
  kind: PaymentKind,
  bookingId: string,
  percentage: PaymentPercentage,
  attempt: number,
): string => `vanhop-${kind}-${bookingId}-${percentage}-${attempt}`;

/** The same for a balance checkout: same booking and attempt → the same Checkout Session. */
export const balanceIdempotencyKey = (bookingId: string, attempt: number): string =>
  `vanhop-checkout-${bookingId}-balance-${attempt}`;

/** Closing one attempt at the provider (expire the session, cancel the intent): asked again, the same close. */
export const closeIdempotencyKey = (ref: string): string => `vanhop-close-${ref}`;

/** One refund of one payment: the provider gives the same refund back for the same key. */
export const refundIdempotencyKey = (refundId: string, paymentRef: string): string =>
  `vanhop-refund-${refundId}-${paymentRef}`;

/** What the provider reports of an attempt's money (the rest of its report is in payment-provider.ts). */
export interface ProviderOutcome {
  outcome: 'succeeded' | 'failed' | 'pending';
  amountPence: number | null;
  currency: string | null;
}

/**
 * What the provider's own report of an attempt means: the money is taken only when it says
 * succeeded with exactly the attempt's amount and currency; any other amount is never fulfilled.
 */
export function providerVerdict(
  payment: Pick<Payment, 'amountPence' | 'currency'>,
  state: ProviderOutcome,
): 'succeeded' | 'mismatch' | 'not-succeeded' {
  if (state.outcome !== 'succeeded') return 'not-succeeded';
  if (state.amountPence !== payment.amountPence || state.currency?.toLowerCase() !== payment.currency)
    return 'mismatch';
  return 'succeeded';
}

/**
 * The success page's answer for a confirmed payment. The booking service may not have applied it
 * yet (its event is on the way): then the answer counts it in already, so the page never shows the
 * money missing.
 */
export function successAnswer(payment: Payment, booking: BookingSummary): PaymentSuccessResponse {
  const applied = booking.paymentRefs.includes(payment._id);
  const paidPence = booking.paidPence + (applied ? 0 : payment.amountPence);
  const balancePence = applied ? booking.balancePence : Math.max(0, booking.totalPricePence - paidPence);
  const purpose = payment.purpose ?? 'deposit';
  const paymentStatus = applied
    ? booking.paymentStatus
    : purpose === 'balance'
      ? balancePence === 0
        ? 'paid'
        : booking.paymentStatus
      : paymentStatusFor(payment.percentage);
  return {
    success: true,
    bookingId: payment.bookingId,
    randomNumber: payment.randomNumber,
    percentage: payment.percentage,
    paymentStatus,
    statusText: customerStatusText({ state: booking.state, paymentStatus, balancePence }),
    kind: purpose,
    myMovePath: booking.myMovePath,
    move: booking.move,
    paidPence,
    balancePence,
    state: booking.state,
    standingText: booking.standingText ?? null,
    totalPence: booking.totalPricePence,
    driverName: booking.driverName ?? null,
    // A first payment not applied yet places the booking with it: its driver has not accepted yet either.
    driverStandingText:
      applied || purpose === 'balance'
        ? (booking.driverStandingText ?? null)
        : driverStandingText({
            state: booking.state,
            paid: true,
            driverName: booking.driverName ?? null,
            acceptedAt: null,
            needsDriver: false,
          }),
  };
}

/**
 * Whether a caller holds the intent's client secret: the provider gave it only to the page that
 * opened the intent, so it is what proves the caller is the payer (compared in constant time).
 */
export function holdsClientSecret(payment: Pick<Payment, 'clientSecret'>, presented: string | undefined): boolean {
  if (!payment.clientSecret || !presented) return false;
  const a = Buffer.from(payment.clientSecret);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a caller proves they opened an attempt: a Checkout Session's id (only the browser sent to
 * it, and back from it, has it) or a PaymentIntent's client secret. An address and an e-mail are no
 * proof: anyone behind the same router who knows the e-mail has both.
 */
export function provesAttempt(
  payment: Pick<Payment, '_id' | 'kind' | 'clientSecret'>,
  proofs: readonly string[],
): boolean {
  return proofs.some((proof) =>
    payment.kind === 'checkout' ? proof === payment._id : holdsClientSecret(payment, proof),
  );
}
