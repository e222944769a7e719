import {
  poundsToPence,
  shareOfPence,
  type BookingHistoryEntry,
  type BookingState,
  type LifecycleFacts,
  type MyMoveView,
  type PaymentPercentage,
  type Receipt,
} from '@vanhop/contracts';
import type { StoredBooking } from './booking-record.js';

/**
 * The lifecycle facts of a stored record. Records saved before the lifecycle fields existed read as
 * active, with what they paid derived from the payment they recorded (or their share of the price).
 */
export function lifecycleFacts(r: StoredBooking): LifecycleFacts {
  // Extras the customer agreed on the day (recorded at "done") are part of what the move costs.
  const bookedPence = poundsToPence(r.quote.totalPrice);
  const totalPricePence = bookedPence + (r.daySettlement?.extrasPence ?? 0);
  return {
    state: r.state ?? 'active',
    paymentStatus: r.paymentStatus,
    moveDate: r.quote.date || r.date,
    paidAt: r.paidAt ?? null,
    frozenAt: r.frozenAt ?? null,
    amountPaidPence: amountPaidOf(r, bookedPence),
    amountRefundedPence: r.amountRefundedPence ?? 0,
    totalPricePence,
    needsDriver: !!r.needsDriver,
    moveDone: !!r.jobDoneAt,
    collectedOnDayPence: collectedOnDayOf(r),
    driverChangedAt: r.driverChangedAt ?? null,
  };
}

/** Cash or card the driver recorded as collected on the day (it counts as paid). */
export const collectedOnDayOf = (r: StoredBooking): number =>
  r.daySettlement && r.daySettlement.method !== 'none' ? r.daySettlement.amountPence : 0;

function amountPaidOf(r: StoredBooking, totalPricePence: number): number {
  if (r.amountPaidPence !== undefined) return r.amountPaidPence;
  if (r.paymentStatus === 'unpaid') return 0;
  if (r.payment) return r.payment.amountPence;
  const share: PaymentPercentage = r.paymentStatus === 'paid' ? 100 : r.paymentStatus === '50percentage' ? 50 : 30;
  return shareOfPence(totalPricePence, r.percentage ?? share);
}

export const refundPendingPence = (r: StoredBooking): number =>
  (r.pendingRefunds ?? []).reduce((sum, p) => sum + p.amountPence, 0);

/**
 * The facts the rules decide on: money already on its way back counts as refunded, so a refund
 * being issued is never offered (or asked for) a second time.
 */
export function ruleFacts(r: StoredBooking): LifecycleFacts {
  const f = lifecycleFacts(r);
  return { ...f, amountRefundedPence: f.amountRefundedPence + refundPendingPence(r) };
}

/** The move as events, e-mails and the My move page describe it. */
export function moveOf(r: StoredBooking): MyMoveView['move'] {
  const q = r.quote;
  return {
    date: q.date || r.date,
    addresses: (q.totalAddress ?? []).map((a) => ({
      location: a.location,
      physicalAddress: a.physicalAddress ?? '',
      stair: a.stair ?? 0,
    })),
    typeofVan: q.typeofVan,
    typeOfWorker: q.typeOfWorker,
    totalHour: q.totalHour,
    description: q.description ?? '',
    ...(q.items && q.items.length > 0 ? { items: q.items } : {}),
  };
}

export const customerOf = (r: StoredBooking) => ({ name: r.quote.name, email: r.quote.email, phone: r.quote.phone });

const paymentDescription = (percentage: number): string =>
  percentage >= 100 ? 'Full payment' : `${percentage} % deposit`;

export const paymentReceiptId = (providerRef: string) => `pay-${providerRef}`;
export const refundReceiptId = (refundId: string) => `refund-${refundId}`;

export function paymentReceipt(p: {
  providerRef: string;
  provider: 'stripe' | 'local';
  amountPence: number;
  at: string;
  description: string;
}): Receipt {
  return {
    id: paymentReceiptId(p.providerRef),
    kind: 'payment',
    at: p.at,
    amountPence: p.amountPence,
    description: p.description,
    provider: p.provider,
    providerRef: p.providerRef,
  };
}

export const depositReceipt = (p: {
  providerRef: string;
  provider: 'stripe' | 'local';
  amountPence: number;
  at: string;
  percentage: number;
}): Receipt => paymentReceipt({ ...p, description: paymentDescription(p.percentage) });

/** History of a record that predates the lifecycle fields: saved, then paid if it was. */
export function historyOf(r: StoredBooking): BookingHistoryEntry[] {
  if (r.history) return r.history;
  const derived: BookingHistoryEntry[] = [{ at: r.date, kind: 'saved', text: 'Quote saved' }];
  if (r.paymentStatus !== 'unpaid') {
    const f = lifecycleFacts(r);
    derived.push({
      at: r.paidAt ?? r.date,
      kind: 'paid',
      text: `Booked: ${paymentDescription(r.percentage ?? 100).toLowerCase()} paid`,
      amountPence: f.amountPaidPence,
    });
  }
  return derived;
}

export function receiptsOf(r: StoredBooking): Receipt[] {
  if (r.receipts) return r.receipts;
  if (!r.payment) return [];
  return [depositReceipt({ ...r.payment, at: r.paidAt ?? r.date, percentage: r.percentage ?? 100 })];
}

/** The lifecycle fields every lifecycle write states in full, so later writes can filter on them. */
export function materialised(
  r: StoredBooking,
  state: BookingState,
): Pick<StoredBooking, 'state' | 'amountPaidPence' | 'amountRefundedPence'> {
  const f = lifecycleFacts(r);
  return { state, amountPaidPence: f.amountPaidPence, amountRefundedPence: f.amountRefundedPence };
}
