import { describe, expect, it } from 'vitest';
import { payoutQuestion, weekWords } from './payout-words';

describe('payout words', () => {
  it('names the statement week, not "this week"', () => {
    const s = { payablePence: 4755, driverName: 'Marta Nowak', week: '2026-11-23', weekEnd: '2026-11-29' };
    expect(weekWords(s)).toBe('Mon, 23 Nov 2026 to Sun, 29 Nov 2026');
    expect(payoutQuestion(s)).toBe('Pay £47.55 to Marta Nowak for the week Mon, 23 Nov 2026 to Sun, 29 Nov 2026?');
    expect(payoutQuestion({ ...s, driverName: null })).toContain('to this driver for the week');
  });
});
