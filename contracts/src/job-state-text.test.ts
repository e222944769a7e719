import { describe, expect, it } from 'vitest';
import { jobStateText } from './schemas/driver.js';

describe('jobStateText: who cancelled is said as it was', () => {
  const cancelled = { status: 'accepted', returnedBecause: null, bookingState: 'cancelled' } as const;

  it('a staff cancellation reads as the office’s, never the customer’s', () => {
    expect(jobStateText({ ...cancelled, refundPence: 5850, cancelledBy: 'staff' })).toBe(
      'Cancelled by the office: £58.50 refunded',
    );
    expect(jobStateText({ ...cancelled, refundPence: 0, cancelledBy: 'staff' })).toBe(
      'Cancelled by the office: no refund',
    );
  });

  it('a customer cancellation (or one from before the field) reads as the customer’s', () => {
    expect(jobStateText({ ...cancelled, refundPence: 1000, cancelledBy: 'customer' })).toBe(
      'Cancelled by the customer: £10.00 refunded',
    );
    expect(jobStateText({ ...cancelled, refundPence: 0 })).toBe('Cancelled by the customer: no refund');
  });

  it('an accepted job marked done says Done', () => {
    expect(jobStateText({ status: 'accepted', returnedBecause: null, bookingState: 'active', progress: 'done' })).toBe(
      'Done',
    );
    expect(
      jobStateText({ status: 'accepted', returnedBecause: null, bookingState: 'active', progress: 'arrived' }),
    ).toBe('Accepted');
  });
});
