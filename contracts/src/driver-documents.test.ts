import { describe, expect, it } from 'vitest';
import {
  addDays,
  documentsAllowWork,
  documentStanding,
  londonDayOf,
  mondayOf,
  overallStanding,
  standingBadge,
} from './driver-documents.js';
import { driverDocumentsSchema } from './schemas/driver-documents.js';

describe('driver documents', () => {
  it('stand valid, expiring within the reminder days, expired after their last day, or missing', () => {
    const today = '2026-01-15';
    expect(documentStanding(null, today)).toBe('missing');
    expect(documentStanding({ reference: 'P', expiresOn: '2026-01-15' }, today)).toBe('expiring');
    expect(documentStanding({ reference: 'P', expiresOn: '2026-01-29' }, today)).toBe('expiring');
    expect(documentStanding({ reference: 'P', expiresOn: '2026-01-30' }, today)).toBe('valid');
    expect(documentStanding({ reference: 'P', expiresOn: '2026-01-14' }, today)).toBe('expired');
    expect(
      overallStanding(
        {
          insurance: { reference: 'P', expiresOn: '2026-01-14' },
          licence: { reference: 'L', expiresOn: '2030-01-01' },
        },
        today,
      ),
    ).toBe('expired');
  });

  it('allow work through the expiry day; a document never recorded does not bar the driver', () => {
    expect(documentsAllowWork(undefined, '2026-01-15')).toBe(true);
    expect(documentsAllowWork({ insurance: { reference: 'P', expiresOn: '2026-01-15' } }, '2026-01-15')).toBe(true);
    expect(documentsAllowWork({ insurance: { reference: 'P', expiresOn: '2026-01-15' } }, '2026-01-16')).toBe(false);
  });

  it('badge the staff list with what expired, or else what expires soon', () => {
    expect(
      standingBadge({
        insurance: { reference: 'P', expiresOn: '2026-01-01', standing: 'expired', remindedAt: null },
        licence: null,
      }),
    ).toEqual({ label: 'Insurance expired', tone: 'danger' });
    expect(
      standingBadge({
        insurance: null,
        licence: { reference: 'L', expiresOn: '2026-01-20', standing: 'expiring', remindedAt: null },
      }),
    ).toEqual({ label: 'Driving licence expiring', tone: 'warning' });
    expect(standingBadge({ insurance: null, licence: null })).toBeNull();
  });

  it('read days on the London calendar and weeks from Monday', () => {
    expect(londonDayOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('schema refuses impossible dates and bad references by field, and takes null as none recorded', async () => {
    await expect(driverDocumentsSchema.validate({ insurance: null, licence: null })).resolves.toEqual({
      insurance: null,
      licence: null,
    });
    await expect(
      driverDocumentsSchema.validate({ insurance: { reference: 'POL 1/2', expiresOn: '2027-02-28' } }),
    ).resolves.toMatchObject({ licence: null });
    await expect(
      driverDocumentsSchema.validateAt('insurance.expiresOn', {
        insurance: { reference: 'P', expiresOn: '2027-02-30' },
      }),
    ).rejects.toThrow('Expiry date');
    await expect(
      driverDocumentsSchema.validateAt('insurance.reference', {
        insurance: { reference: 'a\nb', expiresOn: '2027-02-01' },
      }),
    ).rejects.toThrow('Reference');
  });
});
