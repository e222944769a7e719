import { describe, expect, it } from 'vitest';
import { balanceOf, customerStatusText, myMovePath, PAYMENT_STATUS_TEXT } from './my-move.js';
import { PAYMENT_STATUSES } from './constants.js';

describe('My move words and money', () => {
  it('every stored payment status has customer words, none of them the stored value', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(PAYMENT_STATUS_TEXT[status]).toBeTruthy();
      expect(PAYMENT_STATUS_TEXT[status]).not.toContain(status);
    }
    expect(customerStatusText({ state: 'active', paymentStatus: '30percentage' })).toBe('30 % deposit paid');
    expect(customerStatusText({ state: 'cancelled', paymentStatus: 'paid' })).toBe('Cancelled');
    expect(customerStatusText({ state: 'frozen', paymentStatus: '50percentage' })).toBe('Postponed');
  });

  it('a booking paid in full whose new date cost more says a balance is due again', () => {
    expect(customerStatusText({ state: 'active', paymentStatus: 'paid', balancePence: 0 })).toBe('Paid in full');
    expect(customerStatusText({ state: 'active', paymentStatus: 'paid', balancePence: 2000 })).toBe(
      'Paid, balance due after a price change',
    );
  });

  it('the balance is what is left of the price after what was paid and not refunded, never below nothing', () => {
    expect(balanceOf({ totalPricePence: 28750, amountPaidPence: 8625, amountRefundedPence: 0 })).toBe(20125);
    expect(balanceOf({ totalPricePence: 20000, amountPaidPence: 28750, amountRefundedPence: 0 })).toBe(0);
    expect(balanceOf({ totalPricePence: 28750, amountPaidPence: 28750, amountRefundedPence: 8750 })).toBe(8750);
  });

  it('the page path of a link token', () => {
    expect(myMovePath('v1.abc.def.ghi')).toBe('/mymove/v1.abc.def.ghi');
  });
});
