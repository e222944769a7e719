import { describe, expect, it } from 'vitest';
import { ACTION_WORDS, auditActor, auditLine, auditValue, changedSummary } from './audit';

describe('the driver audit log in words', () => {
  it('names the driver for their own edits and keeps staff usernames as they are', () => {
    const driver = { id: 'drv-1234', name: 'Dana Driver' };
    expect(auditActor('driver:drv-1234', driver)).toBe('Dana Driver (driver portal)');
    expect(auditActor('driver:drv-other', driver)).toBe('driver:drv-other');
    expect(auditActor('jo_staff', driver)).toBe('jo_staff');
  });

  it('writes pence as pounds, lists as commas and empty values as (none)', () => {
    expect(auditValue('card.vanPerHourPence.Small', 3000)).toBe('£30.00');
    expect(auditValue('vanSizes', ['Large', 'Luton'])).toBe('Large, Luton');
    expect(auditValue('photoUrl', '')).toBe('(none)');
    expect(auditValue('ulezCompliant', false)).toBe('no');
  });

  // The history said "68 fields changed" and listed raw paths in pence.
  it('names each changed field with the words of the driver-updated mail', () => {
    expect(auditLine('card.vanPerHourPence.Medium', { from: 4000, to: 4200 })).toBe(
      'Medium van per hour: £40.00 → £42.00',
    );
    expect(auditLine('card.minimumHours', { from: 2, to: 3 })).toBe('Minimum hours: 2 → 3');
    expect(
      changedSummary(['card.vanPerHourPence.Large', 'card.viaStopPence', 'card.minimumHours', 'phone', 'email']),
    ).toBe('Changed: Large van per hour; Via stop; Minimum hours and 2 more');
    expect(changedSummary(['phone'])).toBe('Changed: Phone');
    expect(ACTION_WORDS.created).toBe('Added');
  });
});
