import { describe, expect, it } from 'vitest';
import {
  nextProgressStep,
  progressOpensAt,
  reminderDue,
  reminderOpensAt,
  reviewRequestDueAt,
  type ReminderFacts,
} from './job-day.js';

describe('the day of the move: pure rules', () => {
  it('steps follow each other: on my way, arrived, done, then nothing', () => {
    expect(nextProgressStep(null)).toBe('on-my-way');
    expect(nextProgressStep('on-my-way')).toBe('arrived');
    expect(nextProgressStep('arrived')).toBe('done');
    expect(nextProgressStep('done')).toBeNull();
  });

  it('"on my way" opens two hours before the booked start', () => {
    expect(progressOpensAt('2026-07-10T09:00:00.000Z').toISOString()).toBe('2026-07-10T07:00:00.000Z');
  });

  it('the reminder opens at 18:00 London the evening before (GMT and BST), the review at 09:00 London the next morning', () => {
    expect(reminderOpensAt('2026-01-20T10:00:00.000Z').toISOString()).toBe('2026-01-19T18:00:00.000Z');
    expect(reminderOpensAt('2026-07-10T08:00:00.000Z').toISOString()).toBe('2026-07-09T17:00:00.000Z');
    // 00:30 London on 1 July is still 30 June in UTC: the day before is 30 June London.
    expect(reminderOpensAt('2026-06-30T23:30:00.000Z').toISOString()).toBe('2026-06-30T17:00:00.000Z');
    expect(reviewRequestDueAt('2026-07-10T15:00:00.000Z').toISOString()).toBe('2026-07-11T08:00:00.000Z');
    expect(reviewRequestDueAt('2026-01-10T23:59:00.000Z').toISOString()).toBe('2026-01-11T09:00:00.000Z');
  });

  describe('when a reminder is due', () => {
    const job: ReminderFacts = {
      moveDate: '2026-01-20T10:00:00.000Z',
      status: 'accepted',
      bookingState: 'active',
      offeredAt: '2026-01-10T12:00:00.000Z',
      remindedFor: null,
    };
    const at = (iso: string) => new Date(iso);
    it('from 18:00 the evening before until the move starts', () => {
      expect(reminderDue(job, at('2026-01-19T17:59:59.000Z'))).toBe(false);
      expect(reminderDue(job, at('2026-01-19T18:00:00.000Z'))).toBe(true);
      expect(reminderDue(job, at('2026-01-20T09:59:00.000Z'))).toBe(true);
      expect(reminderDue(job, at('2026-01-20T10:00:00.000Z'))).toBe(false);
    });
    it('once per move date: a new date gets its own', () => {
      expect(reminderDue({ ...job, remindedFor: job.moveDate }, at('2026-01-19T19:00:00.000Z'))).toBe(false);
      expect(reminderDue({ ...job, remindedFor: '2026-01-12T10:00:00.000Z' }, at('2026-01-19T19:00:00.000Z'))).toBe(
        true,
      );
    });
    it('not for a cancelled, postponed, unaccepted or returned job, nor one booked after the reminder time', () => {
      const evening = at('2026-01-19T19:00:00.000Z');
      expect(reminderDue({ ...job, bookingState: 'cancelled' }, evening)).toBe(false);
      expect(reminderDue({ ...job, bookingState: 'postponed' }, evening)).toBe(false);
      expect(reminderDue({ ...job, status: 'offered' }, evening)).toBe(false);
      expect(reminderDue({ ...job, status: 'returned-to-staff' }, evening)).toBe(false);
      expect(reminderDue({ ...job, offeredAt: '2026-01-19T18:30:00.000Z' }, evening)).toBe(false);
    });
  });
});
