import { describe, expect, it } from 'vitest';
import { timeLeftText } from './time-left.js';

describe('timeLeftText: the countdown to answer a job offer', () => {
  const now = new Date('2026-03-01T09:00:00.000Z');
  it('says hours and minutes, rounding down to whole minutes', () => {
    expect(timeLeftText(now, '2026-03-01T11:00:00.000Z')).toBe('2 h');
    expect(timeLeftText(now, '2026-03-01T10:59:59.000Z')).toBe('1 h 59 min');
    expect(timeLeftText(now, '2026-03-01T09:45:30.000Z')).toBe('45 min');
    expect(timeLeftText(now, '2026-03-01T09:00:30.000Z')).toBe('less than a minute');
  });
  it('is null once the time is up, or when the deadline cannot be read', () => {
    expect(timeLeftText(now, '2026-03-01T09:00:00.000Z')).toBeNull();
    expect(timeLeftText(now, '2026-03-01T08:00:00.000Z')).toBeNull();
    expect(timeLeftText(now, 'soon')).toBeNull();
  });
});
