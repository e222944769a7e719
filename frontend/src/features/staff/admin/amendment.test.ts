import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '@vanhop/contracts';
import { amendmentBody, amendTermsOf, draftOf, outcomeWords } from './amendment';

const job = {
  _id: 'j-1',
  randomNumber: 7,
  date: '2026-01-01T09:00:00.000Z',
  paymentStatus: '30percentage',
  quote: {
    date: '2026-01-20T10:00:00.000Z',
    totalHour: 3,
    totalAddress: [
      { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 1 },
      { id: 'b', location: 'London E1, UK', physicalAddress: '' },
      { id: 'c', location: 'London SE1, UK', physicalAddress: '5 Borough St', stair: 0 },
    ],
  },
} as unknown as BookingRecord;

describe('amendment form rules', () => {
  it('sends nothing for an untouched form, the same instant written otherwise, or whitespace around an address', () => {
    const draft = draftOf(job);
    expect(draft.stops.map((s) => s.stair)).toEqual([1, '', 0]);
    expect(amendmentBody(job, draft)).toBeNull();
    expect(amendmentBody(job, { ...draft, date: '2026-01-20T10:00:00Z' })).toBeNull();
    expect(
      amendmentBody(job, {
        ...draft,
        stops: draft.stops.map((s) => ({ ...s, physicalAddress: ` ${s.physicalAddress} ` })),
      }),
    ).toBeNull();
  });

  it('sends only the parts that changed; the whole address list when a stop changed, an unset stair left out', () => {
    const draft = draftOf(job);
    expect(amendmentBody(job, { ...draft, hour: '4.5' })).toEqual({ hour: 4.5 });
    expect(amendmentBody(job, { ...draft, date: '2026-01-21T06:00:00.000Z', hour: '3' })).toEqual({
      date: '2026-01-21T06:00:00.000Z',
    });
    const without = { ...draft, stops: [draft.stops[0]!, { ...draft.stops[2]!, stair: 2 }] };
    expect(amendmentBody(job, without)).toEqual({
      addresses: [
        { id: 'a', location: 'London NW2, UK', physicalAddress: '1 High Road', stair: 1 },
        { id: 'c', location: 'London SE1, UK', physicalAddress: '5 Borough St', stair: 2 },
      ],
    });
    expect(
      amendmentBody(job, {
        ...draft,
        stops: draft.stops.map((s) => (s.id === 'b' ? { ...s, physicalAddress: '9 Via Lane' } : s)),
      })?.addresses?.[1],
    ).toEqual({
      id: 'b',
      location: 'London E1, UK',
      physicalAddress: '9 Via Lane',
    });
  });

  it('applies the server rule (contracts amendTerms) to the list record', () => {
    expect(amendTermsOf(job, new Date('2026-01-19T10:00:00.000Z'))).toEqual({ allowed: true });
    expect(amendTermsOf(job, new Date('2026-01-20T09:00:00.000Z')).allowed).toBe(false);
    expect(
      amendTermsOf({ ...job, state: 'frozen' } as BookingRecord, new Date('2026-01-19T10:00:00.000Z')).reason,
    ).toMatch(/postponed/);
    expect(amendTermsOf({ ...job, paymentStatus: 'unpaid' }, new Date('2026-01-19T10:00:00.000Z')).reason).toMatch(
      /Only a paid booking/,
    );
  });

  it('says the new total and the refund, the balance or that nothing is owed', () => {
    const base = { changed: ['hours' as const], previousTotalPence: 19500, amendedBy: 'jo' };
    expect(outcomeWords({ ...base, totalPence: 15000, balancePence: 0, refundPence: 4500 })).toEqual([
      'New total: £150.00 (was £195.00).',
      "Refund to the customer's card: £45.00.",
    ]);
    expect(outcomeWords({ ...base, totalPence: 19500, balancePence: 0, refundPence: 0 })).toEqual([
      'The total is unchanged: £195.00.',
      'Nothing is left to pay.',
    ]);
    // Outside the driver's hours: staff read that the driver is asked to confirm.
    expect(
      outcomeWords({ ...base, totalPence: 19500, balancePence: 0, refundPence: 0, driverToConfirm: true }).at(-1),
    ).toBe(
      "The new time is outside the driver's working hours: they are asked to confirm it, and the customer is told.",
    );
  });
});
