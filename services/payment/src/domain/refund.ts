import type { RefundReason, RefundRequested } from '@vanhop/contracts';
import { refundIdempotencyKey, type Payment, type PaymentKind, type ProviderName } from './payment.js';

/** The refund of one payment, part of one RefundRequested. */
export interface RefundPart {
  paymentRef: string;
  paymentKind: PaymentKind;
  amountPence: number;
  idempotencyKey: string;
  status: 'pending' | 'succeeded';
  providerRefundId?: string;
}

/**
 * One RefundRequested, planned once: which payments give back how much. Keyed by the refund id, so a
 * replay finds the plan instead of making another, and each (refund, payment) pair is refunded at
 * the provider under its own idempotency key at most once.
 */
export interface Refund {
  _id: string;
  bookingId: string;
  randomNumber: number;
  reason: RefundReason;
  askedPence: number;
  provider: ProviderName;
  customer: RefundRequested['customer'];
  myMovePath: string;
  parts: RefundPart[];
  status: 'pending' | 'issued' | 'nothing-to-refund';
  createdAt: string;
  /** RefundRequested's flag, carried to RefundIssued: a whole payment no booking event counted. */
  unneededPayment?: true;
  issuedAt?: string;
}

/**
 * Which payments give back how much: the payments that took money (newest first, or only the one
 * the request names), each giving what it took less what earlier refunds already gave back, until
 * the amount asked is reached. `shortPence` is what no payment could cover.
 */
export function planRefund(
  request: Pick<RefundRequested, 'refundId' | 'amountPence' | 'paymentRef'>,
  succeeded: Payment[],
  earlier: Pick<Refund, 'parts'>[],
): { parts: RefundPart[]; shortPence: number } {
  const paid = succeeded.filter((p) => !request.paymentRef || p._id === request.paymentRef);
  const refundedOn = (ref: string) =>
    earlier
      .flatMap((r) => r.parts)
      .filter((p) => p.paymentRef === ref)
      .reduce((sum, p) => sum + p.amountPence, 0);
  let left = request.amountPence;
  const parts: RefundPart[] = [];
  for (const p of paid) {
    const take = Math.min(left, Math.max(0, p.amountPence - refundedOn(p._id)));
    if (take <= 0) continue;
    parts.push({
      paymentRef: p._id,
      paymentKind: p.kind,
      amountPence: take,
      idempotencyKey: refundIdempotencyKey(request.refundId, p._id),
      status: 'pending',
    });
    left -= take;
    if (left === 0) break;
  }
  return { parts, shortPence: left };
}
