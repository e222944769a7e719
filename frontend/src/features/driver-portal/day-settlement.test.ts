import { describe, expect, it } from 'vitest';
import { DAY_EXTRAS_MSG, DAY_SETTLEMENT_MSG } from '@vanhop/contracts';
import { dayFormFor, readDayForm } from './day-settlement';

const MOVE = '2026-03-05T10:00:00.000Z';

describe("the Done form's questions about the day", () => {
  it('asks how the balance was paid when something was left to collect; nothing to collect reads "nothing"', () => {
    expect(readDayForm(dayFormFor(10300), 10300, MOVE)).toEqual({
      problems: { method: DAY_SETTLEMENT_MSG.methodRequired },
    });
    expect(readDayForm(dayFormFor(0), 0, MOVE)).toEqual({ collected: { method: 'none', amountPence: 0 } });
    expect(readDayForm({ ...dayFormFor(10300), method: 'cash' }, 10300, MOVE)).toEqual({
      collected: { method: 'cash', amountPence: 10300 },
    });
  });

  it('an extra charge needs what it is for and the customer’s consent, and may then be collected on top', () => {
    const form = { ...dayFormFor(10300), method: 'cash' as const, amount: '133.00', extrasAmount: '30' };
    expect(readDayForm(form, 10300, MOVE)).toEqual({
      problems: { extrasReason: DAY_EXTRAS_MSG.reasonRequired, extrasAgreed: DAY_EXTRAS_MSG.consentRequired },
    });
    expect(readDayForm({ ...form, extrasReason: '45 minutes overtime', extrasAgreed: true }, 10300, MOVE)).toEqual({
      collected: { method: 'cash', amountPence: 13300 },
      extras: { amountPence: 3000, reason: '45 minutes overtime', customerAgreed: true },
    });
    // Without the extra, £133 is more than was owed.
    expect(readDayForm({ ...form, extrasAmount: '' }, 10300, MOVE)).toEqual({
      problems: { amount: DAY_SETTLEMENT_MSG.moreThanOwed('£103.00') },
    });
  });

  it('times are London times on the move’s day, and the finish must come after the start', () => {
    const form = { ...dayFormFor(0), started: '09:05', finished: '11:40' };
    expect(readDayForm(form, 0, MOVE)).toMatchObject({
      times: { startedAt: '2026-03-05T09:05:00.000Z', finishedAt: '2026-03-05T11:40:00.000Z' },
    });
    expect(readDayForm({ ...form, finished: '08:00' }, 0, MOVE)).toEqual({
      problems: { finished: DAY_SETTLEMENT_MSG.finishBeforeStart },
    });
  });
});
