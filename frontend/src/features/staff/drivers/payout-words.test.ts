import { describe, expect, it } from 'vitest';
import { payoutQuestion } from './payout-words';

describe('payout words', () => {
  const s = { payablePence: 4755, driverName: 'Marta Nowak', week: '2026-11-23' };
  it('names the amount, the driver and the week the payout covers', () => {
    expect(payoutQuestion(s)).toBe('Pay £47.55 to Marta Nowak for the week 23 Nov to 29 Nov 2026?');
    expect(payoutQuestion({ ...s, driverName: null })).toContain('to this driver for the week');
  });
});
