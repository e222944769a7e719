import {
  balanceOf,
  paymentStatusFor,
  penceToPounds,
  poundsToPence,
  type BookingHistoryEntry,
  type PaymentPercentage,
  type PaymentStatus,
  type Receipt,
  formatPence,
} from '@vanhop/contracts';
import type { RecordedPayment, StoredBooking } from './booking-record.js';
import {
  depositReceipt,
  historyOf,
  lifecycleFacts,
  materialised,
  paymentReceipt,
  paymentReceiptId,
  receiptsOf,
  ruleFacts,
} from './lifecycle.js';

/** A payment the provider confirmed, as the booking applies it. */
export interface IncomingPayment {
  amountPence: number;
  provider: RecordedPayment['provider'];
  providerRef: string;
}

/** What the first payment (a deposit or all of it) does to an unpaid record. */
export interface PlacedBooking {
  paymentStatus: PaymentStatus;
  totalPricePence: number;
  outstandingBalancePence: number;
  /** The fields the write states in full. */
  set: Partial<StoredBooking>;
}

/**
 * The first payment places the booking: its status follows the share paid, the balance is the
 * rest of the price, and the record starts its lifecycle (active, one receipt, a "Booked" line).
 * Only for a record that is still unpaid; the caller's write checks that it still is.
 */
export function placeBooking(
  record: StoredBooking,
  payment: IncomingPayment & { percentage: PaymentPercentage; eventId: string },
  paidAt: string,
): PlacedBooking {
  const paymentStatus = paymentStatusFor(payment.percentage);
  const totalPricePence = poundsToPence(record.quote.totalPrice);
  const outstandingBalancePence = Math.max(0, totalPricePence - payment.amountPence);
  const receipt = depositReceipt({
    providerRef: payment.providerRef,
    provider: payment.provider,
    amountPence: payment.amountPence,
    at: paidAt,
    percentage: payment.percentage,
  });
  const booked: BookingHistoryEntry = {
    at: paidAt,
    kind: 'paid',
    text: `Booked: ${receipt.description.toLowerCase()} of ${formatPence(payment.amountPence)} paid`,
    amountPence: payment.amountPence,
  };
  return {
    paymentStatus,
    totalPricePence,
    outstandingBalancePence,
    set: {
      paymentStatus,
      percentage: payment.percentage,
      OutstandingBalance: penceToPounds(outstandingBalancePence),
      paidAt,
      payment: {
        amountPence: payment.amountPence,
        provider: payment.provider,
        providerRef: payment.providerRef,
        eventId: payment.eventId,
      },
      state: 'active',
      // Money an earlier payment took and gives back (one that came too late for its driver) stays counted.
      amountPaidPence: (record.amountPaidPence ?? 0) + payment.amountPence,
      amountRefundedPence: record.amountRefundedPence ?? 0,
      cancelledAt: null,
      frozenAt: null,
      history: [...historyOf({ ...record, paymentStatus: 'unpaid' }), booked],
      receipts: [...(record.receipts ?? []), receipt],
    },
  };
}

/** What a balance payment does to a record. */
export type AppliedBalance =
  | { replay: true }
  | {
      replay: false;
      /** Pence of the payment that settle what was owed (BalancePaid when above zero). */
      applied: number;
      /** Pence the booking did not need (a second balance, a payment after a cancellation): refunded at once. */
      excess: number;
      balanceAfter: number;
      totalPricePence: number;
      receipt: Receipt;
      history: BookingHistoryEntry[];
      /** The fields the write states in full (history and receipts are appended separately). */
      set: Partial<StoredBooking>;
    };

/**
 * A balance payment settles what is owed on an open (not cancelled, already placed) booking; the
 * rest of it is excess. A payment the record already has a receipt for is a replay and changes
 * nothing.
 */
export function applyBalancePayment(record: StoredBooking, payment: IncomingPayment, at: string): AppliedBalance {
  if (receiptsOf(record).some((r) => r.id === paymentReceiptId(payment.providerRef))) return { replay: true };
  const facts = ruleFacts(record);
  const open = facts.state !== 'cancelled' && facts.paymentStatus !== 'unpaid';
  const owed = open ? balanceOf(facts) : 0;
  const applied = Math.min(payment.amountPence, owed);
  const excess = payment.amountPence - applied;
  const balanceAfter = owed - applied;

  const history: BookingHistoryEntry[] = [];
  if (applied > 0)
    history.push({
      at,
      kind: 'balance-paid',
      text: `Balance of ${formatPence(applied)} paid${balanceAfter === 0 ? ': paid in full' : ''}`,
      amountPence: applied,
    });
  if (excess > 0)
    history.push({
      at,
      kind: 'paid',
      text: `A payment of ${formatPence(excess)} was not needed: it will be refunded to your card`,
      amountPence: excess,
    });
  return {
    replay: false,
    applied,
    excess,
    balanceAfter,
    totalPricePence: facts.totalPricePence,
    receipt: paymentReceipt({
      providerRef: payment.providerRef,
      provider: payment.provider,
      amountPence: payment.amountPence,
      at,
      description: 'Balance',
    }),
    history,
    set: {
      ...materialised(record, facts.state),
      amountPaidPence: lifecycleFacts(record).amountPaidPence + payment.amountPence,
      ...(open
        ? {
            OutstandingBalance: penceToPounds(balanceAfter),
            ...(balanceAfter === 0 ? { paymentStatus: 'paid' as const } : {}),
          }
        : {}),
    },
  };
}

/** What a payment the booking did not need does to it: recorded in full, then refunded in full. */
export type UnneededPayment =
  | { replay: true }
  | { replay: false; receipt: Receipt; history: BookingHistoryEntry[]; set: Partial<StoredBooking> };

/**
 * A first payment (a deposit or all of it) landing on a booking another payment placed already (a
 * second device, an older tab, a closed checkout the provider took anyway), or one that came after
 * its driver's hold lapsed and another booking took the driver: it is on the record as a payment,
 * and the whole of it goes back as a refund. A payment the record already has a
 * receipt for is a replay and changes nothing.
 */
export function applyUnneededPayment(
  record: StoredBooking,
  payment: IncomingPayment & { percentage: PaymentPercentage; driverTaken?: boolean },
  at: string,
): UnneededPayment {
  if (record.payment?.providerRef === payment.providerRef) return { replay: true };
  if (receiptsOf(record).some((r) => r.id === paymentReceiptId(payment.providerRef))) return { replay: true };
  const facts = ruleFacts(record);
  return {
    replay: false,
    receipt: depositReceipt({
      providerRef: payment.providerRef,
      provider: payment.provider,
      amountPence: payment.amountPence,
      at,
      percentage: payment.percentage,
    }),
    history: [
      {
        at,
        kind: 'paid',
        text: payment.driverTaken
          ? `Your payment of ${formatPence(payment.amountPence)} arrived after your driver's hold had lapsed and another customer had booked them: it will be refunded to your card`
          : `A second payment of ${formatPence(payment.amountPence)} was not needed: it will be refunded to your card`,
        amountPence: payment.amountPence,
      },
    ],
    set:
      record.paymentStatus === 'unpaid'
        ? // Still a quotation: only the money is recorded (a later payment can still place it).
          { amountPaidPence: (record.amountPaidPence ?? 0) + payment.amountPence }
        : {
            ...materialised(record, facts.state),
            amountPaidPence: lifecycleFacts(record).amountPaidPence + payment.amountPence,
          },
  };
}
