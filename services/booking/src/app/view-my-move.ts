import {
  balanceOf,
  cancelTerms,
  customerStatusText,
  driverStandingText,
  paidOnDayText,
  postponeTerms,
  reactivateTerms,
  standingText,
  type BookingSummary,
  type MyMoveReceipt,
  type MyMoveView,
  type Receipt,
} from '@vanhop/contracts';
import { NotFoundError, receiptReference } from '@vanhop/platform';
import type { DayRecord, StoredBooking } from '../domain/booking-record.js';
import {
  customerOf,
  historyOf,
  lifecycleFacts,
  moveOf,
  receiptsOf,
  refundPendingPence,
  ruleFacts,
} from '../domain/lifecycle.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';

/** A receipt as the customer sees and prints it: the provider's reference replaced (see receiptReference). */
function customerReceipt(r: Receipt): Receipt {
  const { id, reference } = receiptReference(r.id);
  return { ...r, id, providerRef: reference };
}

const customerReceiptsOf = (record: StoredBooking): Receipt[] => receiptsOf(record).map(customerReceipt);

/** The driver's record of the day as My move and the staff panel show it. */
export const paidOnDayOf = (d: DayRecord) => ({
  method: d.method,
  amountPence: d.amountPence,
  at: d.at,
  text: paidOnDayText(d),
});

/** Money still owed: none on a cancelled booking, all of it on an unpaid one. */
export function balanceOfRecord(record: StoredBooking): number {
  const f = ruleFacts(record);
  return f.state === 'cancelled' ? 0 : balanceOf(f);
}

/** Who the booking is and where it stands, in the words both the page and the payment service show. */
function standing(record: StoredBooking) {
  const f = lifecycleFacts(record);
  const balancePence = balanceOfRecord(record);
  return {
    f,
    balancePence,
    head: {
      bookingId: record._id,
      randomNumber: record.randomNumber,
      state: f.state,
      paymentStatus: f.paymentStatus,
      statusText: customerStatusText({ state: f.state, paymentStatus: f.paymentStatus, balancePence }),
      driverStandingText: driverStandingText({
        state: f.state,
        paid: f.paymentStatus !== 'unpaid',
        driverName: record.driver?.name ?? null,
        acceptedAt: record.driverAcceptedAt,
        toConfirm: !!record.driverToConfirm,
        needsDriver: !!record.needsDriver,
        doneAt: record.jobDoneAt,
        onTheWayAt: record.jobSteps?.['on-my-way'] ?? null,
        arrivedAt: record.jobSteps?.arrived ?? null,
      }),
    },
  };
}

/** A change of driver the customer may still answer: a live booking, still naming that driver, inside the free window. */
function openDriverChange(record: StoredBooking, now: Date) {
  const c = record.driverChange;
  if (!c || c.kept || (record.state ?? 'active') !== 'active' || record.needsDriver || record.jobDoneAt) return null;
  if (record.driver?.name !== c.driverName || now.getTime() >= Date.parse(c.until)) return null;
  return c;
}

/** The driver's phone for the customer to call, only while they are on the way or there (not before, not after). */
function onTheWayPhone(record: StoredBooking): string | null {
  const live = (record.state ?? 'active') === 'active' && !record.needsDriver && !record.jobDoneAt;
  return live && record.jobSteps?.['on-my-way'] && record.driver?.phone ? record.driver.phone : null;
}

/** The My move page: the move, the driver's name, the money, the history and what may be done now. */
export function myMoveView(record: StoredBooking, now: Date): MyMoveView {
  const { f, balancePence, head } = standing(record);
  const rules = ruleFacts(record);
  return {
    ...head,
    move: moveOf(record),
    customer: customerOf(record),
    // Id (to message the driver through VanHop) and name: the driver's contact details never reach the page.
    // A driver who gave the job back is not named as if they were coming (the history line says why).
    driver: record.driver && !record.needsDriver ? { id: record.driver.id, name: record.driver.name } : null,
    ...(onTheWayPhone(record) ? { driverPhone: onTheWayPhone(record) } : {}),
    ...(openDriverChange(record, now) ? { driverChange: openDriverChange(record, now) } : {}),
    ...(record.jobSignedFor ? { signedFor: record.jobSignedFor } : {}),
    ...(record.daySettlement ? { paidOnDay: paidOnDayOf(record.daySettlement) } : {}),
    money: {
      totalPence: f.totalPricePence,
      paidPence: f.amountPaidPence,
      refundedPence: f.amountRefundedPence,
      refundPendingPence: refundPendingPence(record),
      balancePence,
    },
    history: historyOf(record),
    receipts: customerReceiptsOf(record),
    actions: {
      payBalance: f.state === 'active' && f.paymentStatus !== 'unpaid' && balancePence > 0,
      cancel: cancelTerms(rules, now),
      postpone: postponeTerms(rules, now),
      reactivate: reactivateTerms(rules, now),
    },
  };
}

export function myMoveReceipt(record: StoredBooking, receiptId: string): MyMoveReceipt {
  const receipt = customerReceiptsOf(record).find((r) => r.id === receiptId);
  if (!receipt) throw new NotFoundError('No receipt with that id for this booking');
  return {
    receipt,
    bookingId: record._id,
    randomNumber: record.randomNumber,
    customer: { name: record.quote.name, email: record.quote.email },
    move: moveOf(record),
    totalPence: lifecycleFacts(record).totalPricePence,
  };
}

/** What payment reads to charge a balance and to answer the success page. */
export function bookingSummary(record: StoredBooking, lifecycle: BookingLifecycleWriter): BookingSummary {
  const { f, balancePence, head } = standing(record);
  return {
    ...head,
    totalPricePence: f.totalPricePence,
    paidPence: f.amountPaidPence - f.amountRefundedPence,
    balancePence,
    myMovePath: lifecycle.pathOf(record),
    move: moveOf(record),
    customerEmail: record.quote.email,
    paymentRefs: receiptsOf(record)
      .filter((r) => r.kind === 'payment')
      .map((r) => r.providerRef),
    standingText: standingText({
      state: f.state,
      refundedPence: f.amountRefundedPence,
      refundPendingPence: refundPendingPence(record),
    }),
    driverName: record.driver?.name ?? null,
  };
}
