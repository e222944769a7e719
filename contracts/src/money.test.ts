import { describe, expect, it } from 'vitest';
import { formatPence, formatPounds, shareOfPence } from './money.js';

describe('money for people', () => {
  it('reads en-GB pounds with a thousands separator and two decimals', () => {
    expect(formatPounds(3312.16)).toBe('£3,312.16');
    expect(formatPounds(15)).toBe('£15.00');
    expect(formatPounds(1234567.5)).toBe('£1,234,567.50');
    expect(formatPounds(Number.NaN)).toBe('£0.00');
  });
  it('formats pence the same way, rounding to whole pence first', () => {
    expect(formatPence(331216)).toBe('£3,312.16');
    expect(formatPence(shareOfPence(331216, 30))).toBe('£993.65');
    expect(formatPence(99.6)).toBe('£1.00');
  });
});
