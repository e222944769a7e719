import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '@vanhop/contracts';
import { selectRecords } from './records';

const job = (id: string, moveDate: string, jobDoneAt?: string): BookingRecord =>
  ({
    _id: id,
    randomNumber: 1,
    date: '2026-01-01T09:00:00.000Z',
    paymentStatus: 'paid',
    OutstandingBalance: 0,
    percentage: 100,
    reviewRequest: false,
    quote: { date: moveDate },
    ...(jobDoneAt ? { jobDoneAt } : {}),
  }) as unknown as BookingRecord;

/** A move its driver marked done is in Past jobs even before its booked time on the day. */
describe('staff lists: a done move is past', () => {
  const now = new Date('2026-01-16T09:00:00.000Z');
  const records = [
    job('done-early', '2026-01-16T10:00:00.000Z', '2026-01-16T08:55:00.000Z'),
    job('later-today', '2026-01-16T12:00:00.000Z'),
  ];
  it('done: Past and Today, not Future; not done: Future and Today', () => {
    expect(selectRecords(records, 'job', 'past', now).map((r) => r._id)).toEqual(['done-early']);
    expect(selectRecords(records, 'job', 'future', now).map((r) => r._id)).toEqual(['later-today']);
    expect(selectRecords(records, 'job', 'today', now).map((r) => r._id)).toEqual(['done-early', 'later-today']);
  });
});
