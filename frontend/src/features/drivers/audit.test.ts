import { describe, expect, it } from 'vitest';
import { auditActor, auditValue } from './audit';

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
});
