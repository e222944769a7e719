import { describe, expect, it } from 'vitest';
import {
  confirmDeleteText,
  confirmStaffCancelText,
  deleteRefusal,
  STAFF_RECORD_MSG,
  staffCancelTerms,
} from './staff-cancel.js';
import { staffCancelSchema } from './schemas/staff-cancel.js';

describe('staff actions on a record that took money', () => {
  it('only a record that took nothing may be deleted, whatever the state of one that did', () => {
    expect(deleteRefusal({ state: 'active', amountPaidPence: 0 })).toBeNull();
    expect(deleteRefusal({ state: 'active', amountPaidPence: 1 })).toBe(STAFF_RECORD_MSG.paidNotDeletable);
    expect(deleteRefusal({ state: 'frozen', amountPaidPence: 5850 })).toBe(STAFF_RECORD_MSG.paidNotDeletable);
    expect(deleteRefusal({ state: 'cancelled', amountPaidPence: 5850 })).toBe(
      STAFF_RECORD_MSG.cancelledPaidNotDeletable,
    );
  });

  it('staff may refund from nothing to everything paid net of refunds, once, and only what took money', () => {
    expect(staffCancelTerms({ state: 'active', amountPaidPence: 5850, amountRefundedPence: 850 })).toEqual({
      allowed: true,
      maxRefundPence: 5000,
    });
    expect(staffCancelTerms({ state: 'frozen', amountPaidPence: 5850, amountRefundedPence: 0 })).toEqual({
      allowed: true,
      maxRefundPence: 5850,
    });
    expect(staffCancelTerms({ state: 'cancelled', amountPaidPence: 5850, amountRefundedPence: 0 })).toMatchObject({
      allowed: false,
      reason: STAFF_RECORD_MSG.alreadyCancelled,
    });
    expect(staffCancelTerms({ state: 'active', amountPaidPence: 0, amountRefundedPence: 0 })).toMatchObject({
      allowed: false,
      reason: STAFF_RECORD_MSG.nothingPaid,
    });
  });

  it('the body: whole pence within the limit, a one-line reason', () => {
    const schema = staffCancelSchema(5000);
    expect(schema.validateSync({ refundPence: 5000, reason: '  Driver unwell ' })).toEqual({
      refundPence: 5000,
      reason: 'Driver unwell',
    });
    const errorsOf = (body: unknown) => {
      try {
        schema.validateSync(body, { abortEarly: false });
        return {};
      } catch (err) {
        return Object.fromEntries(
          (err as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]),
        );
      }
    };
    expect(errorsOf({ refundPence: 5001, reason: 'x' })).toEqual({
      refundPence: 'The refund can be at most £50.00: everything paid, net of refunds',
    });
    expect(errorsOf({ refundPence: 1.5, reason: 'a\u202Eb' })).toEqual({
      refundPence: STAFF_RECORD_MSG.refundWhole,
      reason: STAFF_RECORD_MSG.reasonOneLine,
    });
    expect(errorsOf({ refundPence: -1, reason: 'x'.repeat(501) })).toEqual({
      refundPence: STAFF_RECORD_MSG.refundNegative,
      reason: STAFF_RECORD_MSG.reasonTooLong,
    });
    expect(errorsOf({})).toEqual({
      refundPence: STAFF_RECORD_MSG.refundRequired,
      reason: STAFF_RECORD_MSG.reasonRequired,
    });
    // Without a limit (the route's edge) any whole amount passes; the service checks the record's own.
    expect(staffCancelSchema().validateSync({ refundPence: 10_000_000, reason: 'x' }).refundPence).toBe(10_000_000);
  });

  it('confirmations name the record and the money', () => {
    expect(confirmDeleteText({ randomNumber: 1234, name: 'Jane Doe' })).toBe('Delete quotation 1234 for Jane Doe?');
    expect(confirmStaffCancelText({ randomNumber: 1234, name: 'Jane Doe', refundPence: 5850 })).toBe(
      'Cancel booking 1234 for Jane Doe and refund £58.50 to their card?',
    );
    expect(confirmStaffCancelText({ randomNumber: 1234, name: 'Jane Doe', refundPence: 0 })).toBe(
      'Cancel booking 1234 for Jane Doe with no refund?',
    );
  });
});
