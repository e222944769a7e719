import { describe, expect, it } from 'vitest';
import { flexibleDays } from './flexibleDates';

describe('flexible days: what each day costs against the day quoted', () => {
  const day = (d: string, lowestPrice: number | null) => ({ day: d, date: `${d}T16:00:00.000Z`, lowestPrice });

  it('says less, more, same or nobody free, and marks the cheapest day', () => {
    const days = flexibleDays(
      [day('2026-11-29', 150), day('2026-11-30', 162), day('2026-12-01', 170.5), day('2026-12-02', null)],
      162,
    );
    expect(days.map((d) => [d.day, d.difference, d.cheapest])).toEqual([
      ['2026-11-29', '£12.00 less', true],
      ['2026-11-30', 'Same price', false],
      ['2026-12-01', '£8.50 more', false],
      ['2026-12-02', 'No driver free', false],
    ]);
    expect(days[0]!.label).toBe('Sun 29 Nov');
  });

  it('marks no day cheapest when none is cheaper than the day quoted', () => {
    expect(flexibleDays([day('2026-11-29', 170)], 162).some((d) => d.cheapest)).toBe(false);
  });
});
