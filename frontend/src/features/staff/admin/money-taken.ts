/**
 * The money a staff record shows, read the way the booking service reads it, so the panel offers
 * Delete only for a quotation that took nothing and "Cancel with refund" up to exactly what the
 * service will allow (contracts staffCancelTerms). Pure, for the panel and its tests.
 */
import {
  poundsToPence,
  shareOfPence,
  type BookingRecord,
  type PaymentPercentage,
  type StaffRecordFacts,
  penceToPounds,
} from '@vanhop/contracts';
import { lifecycleOf } from './records';

/** The money fields the admin list carries beside the wire record (absent on older answers). */
type WithMoney = BookingRecord & {
  amountPaidPence?: unknown;
  amountRefundedPence?: unknown;
  refundPendingPence?: unknown;
};

const pence = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null;

/** What was paid: the list's own figure, or (records listed before it) the share the status says. */
function paidPenceOf(r: WithMoney): number {
  const listed = pence(r.amountPaidPence);
  if (listed !== null) return listed;
  if (r.paymentStatus === 'unpaid') return 0;
  const share: PaymentPercentage =
    r.percentage ?? (r.paymentStatus === 'paid' ? 100 : r.paymentStatus === '50percentage' ? 50 : 30);
  return shareOfPence(poundsToPence(r.quote?.totalPrice ?? 0), share);
}

/** The facts staff actions are decided on; refunds on their way count as refunded, as on the server. */
export function staffFactsOf(record: BookingRecord): StaffRecordFacts {
  const r = record as WithMoney;
  const { state, refundedPence } = lifecycleOf(record);
  return {
    state,
    amountPaidPence: paidPenceOf(r),
    amountRefundedPence: refundedPence + (pence(r.refundPendingPence) ?? 0),
  };
}

/** Pence as the amount field shows it: "58.50". */
export const poundsText = (amountPence: number): string => penceToPounds(amountPence).toFixed(2);

/** "58.5", "£58.50" or "58" as whole pence; null for anything else (text, more than 2 decimals, negative). */
export function penceFromPoundsText(text: string): number | null {
  const plain = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return poundsToPence(Number(plain));
}
