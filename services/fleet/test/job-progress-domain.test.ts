import { describe, expect, it } from 'vitest';
import { JOB_PROGRESS_MSG } from '@vanhop/contracts';
import { progressRefusal, type ProgressFacts } from '../src/domain/job-progress.js';

describe('which step may follow which (pure)', () => {
  const job: ProgressFacts = {
    status: 'accepted',
    bookingState: 'active',
    moveDate: '2026-01-20T10:00:00.000Z',
    progress: null,
  };
  const onDay = new Date('2026-01-20T08:30:00.000Z');
  it('in order only, each once', () => {
    expect(progressRefusal(job, 'on-my-way', onDay)).toBeNull();
    expect(progressRefusal(job, 'arrived', onDay)).toBe(JOB_PROGRESS_MSG.outOfOrder('on-my-way'));
    expect(progressRefusal({ ...job, progress: 'on-my-way' }, 'arrived', onDay)).toBeNull();
    expect(progressRefusal({ ...job, progress: 'on-my-way' }, 'done', onDay)).toBe('Mark "Arrived" next.');
    expect(progressRefusal({ ...job, progress: 'arrived' }, 'done', onDay)).toBeNull();
    expect(progressRefusal({ ...job, progress: 'done' }, 'done', onDay)).toBe('This job is already done.');
  });
  it('not before two hours ahead of the start, and only on an accepted live job', () => {
    expect(progressRefusal(job, 'on-my-way', new Date('2026-01-20T07:59:00.000Z'))).toMatch(
      /^It is too early to start this job/,
    );
    expect(progressRefusal(job, 'on-my-way', new Date('2026-01-20T08:00:00.000Z'))).toBeNull();
    expect(progressRefusal({ ...job, status: 'offered' }, 'on-my-way', onDay)).toBe(JOB_PROGRESS_MSG.notAccepted);
    expect(progressRefusal({ ...job, bookingState: 'cancelled' }, 'on-my-way', onDay)).toBe(JOB_PROGRESS_MSG.cancelled);
    expect(progressRefusal({ ...job, bookingState: 'postponed', progress: 'on-my-way' }, 'arrived', onDay)).toBe(
      JOB_PROGRESS_MSG.postponed,
    );
  });
});
