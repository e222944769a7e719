import { describe, expect, it } from 'vitest';
import { hoursText, moveWhenText, paidForText, paymentStatusText, penceText, stampText } from './move-words';

describe('customer words', () => {
  it('status words are human, and contract sentence fillers read naturally', () => {
    expect(paymentStatusText('30percentage')).toBe('30 % deposit paid');
    expect(paymentStatusText('50percentage')).toBe('50 % deposit paid');
    expect(paymentStatusText('paid')).toBe('Paid in full');
    expect(paymentStatusText('unpaid')).toBe('Not paid yet');
    expect(paidForText('30percentage')).toBe('a 30 % deposit');
    expect(paidForText('paid')).toBe('the whole move');
    // never "undefined" for a value we do not know
    expect(paymentStatusText('weird')).toBe('weird');
  });

  it('dates are on the London clock whatever the browser zone, summer and winter', () => {
    expect(moveWhenText('2026-07-11T09:00:00.000Z')).toBe('Saturday 11 July 2026 at 10:00');
    expect(moveWhenText('2026-12-12T10:00:00.000Z')).toBe('Saturday 12 December 2026 at 10:00');
    expect(moveWhenText('')).toBe('Not chosen yet');
    expect(stampText('2026-03-29T00:30:00.000Z')).toBe('29 Mar 2026, 00:30');
    expect(stampText('2026-03-29T01:30:00.000Z')).toBe('29 Mar 2026, 02:30');
    expect(stampText('garbage')).toBe('');
  });

  it('money and hours', () => {
    expect(penceText(14050)).toBe('£140.50');
    expect(penceText(0)).toBe('£0.00');
    expect(hoursText(2.5)).toBe('2 hours 30 minutes');
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(0.5)).toBe('30 minutes');
  });
});
