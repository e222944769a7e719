/**
 * What staff may do with a booking record that took money (docs/BOOKING-LIFECYCLE.md, "Deleting" and
 * "Cancelling"): it is never deleted, since its payments and refunds are the money trail and its
 * My move link must keep working; it is cancelled with a refund staff choose instead. Pure rules
 * and texts, so the dashboard offers exactly what the booking service then allows, in its words.
 * The request schema (yup) is in schemas/staff-cancel.ts.
 */
import { formatPence } from './money.js';
import type { BookingState } from './my-move.js';

/** The longest reason staff may give (it is shown to the customer in their history and e-mail). */
export const STAFF_CANCEL_REASON_MAX = 500;

export const STAFF_RECORD_MSG = {
  /** DELETE of a paid booking still going ahead (or postponed). */
  paidNotDeletable: 'This booking has money taken, so it cannot be deleted: cancel it with its refund instead.',
  /** DELETE of a paid booking already cancelled: there is nothing left to do but keep it. */
  cancelledPaidNotDeletable:
    'This booking has money taken, so it cannot be deleted: it is already cancelled, and its record keeps the payments and refunds.',
  alreadyCancelled: 'This booking is already cancelled.',
  nothingPaid: 'Nothing was paid for this quotation, so there is nothing to cancel or refund: delete it instead.',
  refundRequired: 'Choose the refund (0 or more)',
  refundWhole: 'refundPence must be a whole number of pence',
  refundNegative: 'The refund cannot be less than £0.00',
  refundTooMuch: (maxPence: number) =>
    `The refund can be at most ${formatPence(maxPence)}: everything paid, net of refunds`,
  reasonRequired: 'Give the reason for cancelling',
  reasonTooLong: `The reason can be at most ${STAFF_CANCEL_REASON_MAX} characters`,
  reasonOneLine: 'The reason must be one line, without control characters',
} as const;

/** The money facts the rules read; `amountRefundedPence` counts refunds still on their way too. */
export interface StaffRecordFacts {
  state: BookingState;
  amountPaidPence: number;
  amountRefundedPence: number;
}

export interface StaffCancelTerms {
  allowed: boolean;
  /** Why not, when not allowed. */
  reason?: string;
  /** The most staff may refund: everything paid, net of refunds (0 when not allowed). */
  maxRefundPence: number;
}

/** A record took money when anything was paid, whatever happened to it since. */
export const hasMoneyTaken = (f: Pick<StaffRecordFacts, 'amountPaidPence'>): boolean => f.amountPaidPence > 0;

/**
 * Staff may cancel any booking that took money and is not cancelled yet, active or postponed, and
 * refund anything from nothing to all of it: more than the customer's own terms give, when the
 * office decides so (a driver who cannot come, a goodwill gesture), which is why they choose.
 */
export function staffCancelTerms(f: StaffRecordFacts): StaffCancelTerms {
  if (f.state === 'cancelled') return { allowed: false, reason: STAFF_RECORD_MSG.alreadyCancelled, maxRefundPence: 0 };
  if (!hasMoneyTaken(f)) return { allowed: false, reason: STAFF_RECORD_MSG.nothingPaid, maxRefundPence: 0 };
  return { allowed: true, maxRefundPence: Math.max(0, f.amountPaidPence - f.amountRefundedPence) };
}

/** Why a record may not be deleted (null: it may): only an unpaid quotation may. */
export function deleteRefusal(f: Pick<StaffRecordFacts, 'state' | 'amountPaidPence'>): string | null {
  if (!hasMoneyTaken(f)) return null;
  return f.state === 'cancelled' ? STAFF_RECORD_MSG.cancelledPaidNotDeletable : STAFF_RECORD_MSG.paidNotDeletable;
}

/** Who a confirmation is about: the code the customer quotes and their name. */
export interface NamedRecord {
  randomNumber: number;
  name: string;
}

/** The delete confirmation names the record, so staff see which one they are about to remove. */
export const confirmDeleteText = (r: NamedRecord): string =>
  `Delete quotation ${r.randomNumber} for ${r.name || 'an unnamed customer'}?`;

/** The cancel confirmation names the booking and the money going back. */
export const confirmStaffCancelText = (r: NamedRecord & { refundPence: number }): string =>
  r.refundPence > 0
    ? `Cancel booking ${r.randomNumber} for ${r.name || 'an unnamed customer'} and refund ${formatPence(r.refundPence)} to their card?`
    : `Cancel booking ${r.randomNumber} for ${r.name || 'an unnamed customer'} with no refund?`;

/** What a staff cancellation did, beside the updated record in the answer of POST /api/backdata/cancel/:id. */
export interface StaffCancellation {
  refundPence: number;
  reason: string;
  /** The staff member's username (office records only: the customer never sees it). */
  cancelledBy: string;
  cancelledAt: string;
}
