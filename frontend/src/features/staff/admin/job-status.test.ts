import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '@vanhop/contracts';
import { jobStatusOf } from './job-status';

const base = {
  _id: 'b1',
  randomNumber: 1234,
  date: '2026-11-20T09:00:00.000Z',
  paymentStatus: '30percentage',
  OutstandingBalance: 100,
  percentage: 30,
  reviewRequest: false,
  quote: { name: 'Jane Doe' },
  driver: { id: 'drv-1', name: 'Hannah Lee', email: 'h@example.com', phone: '07700900109' },
} as unknown as BookingRecord;
const r = (extra: Record<string, unknown>) => ({ ...base, ...extra }) as BookingRecord;

describe('the job status of a staff list row', () => {
  it('says where the booking is and the driver answer, from the record alone', () => {
    expect(jobStatusOf(base)).toEqual({ label: 'Waiting for Hannah Lee to accept', tone: 'waiting' });
    expect(jobStatusOf(r({ driverAcceptedAt: '2026-11-20T10:00:00.000Z' }))).toEqual({
      label: 'Accepted by Hannah Lee',
      tone: 'accepted',
    });
    // A change took the move outside the driver's hours: the row says what the calendar says.
    expect(
      jobStatusOf(r({ driverToConfirm: { since: '2026-11-19T10:00:00.000Z', respondBy: '2026-11-19T12:00:00.000Z' } })),
    ).toEqual({ label: 'Waiting for Hannah Lee to confirm the new time', tone: 'waiting' });
    expect(
      jobStatusOf(r({ needsDriver: { because: 'declined', driverId: 'drv-1', since: '2026-11-20T10:00:00.000Z' } })),
    ).toEqual({ label: 'Needs a driver', tone: 'needs-driver' });
    expect(jobStatusOf(r({ state: 'cancelled', driverAcceptedAt: '2026-11-20T10:00:00.000Z' }))).toEqual({
      label: 'Cancelled',
      tone: 'cancelled',
    });
    expect(jobStatusOf(r({ state: 'frozen' }))).toEqual({ label: 'Postponed', tone: 'postponed' });
    expect(jobStatusOf(r({ paymentStatus: 'unpaid' })).tone).toBe('quotation');
  });
});
