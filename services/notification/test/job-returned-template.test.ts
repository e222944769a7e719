import { describe, expect, it } from 'vitest';
import { jobReturnedSchema, type JobReturned } from '@vanhop/contracts';
import { jobReturnedOfficeEmail } from '../src/domain/templates/driver-jobs.js';
import { jobAcceptedDriverEmail } from '../src/domain/templates/job-accepted.js';

const ctx = { publicUrl: 'https://vanhop.test' };
const returned = (because: JobReturned['because']): JobReturned =>
  jobReturnedSchema.validateSync({
    bookingId: 'bk-1',
    randomNumber: 1234,
    driver: { id: 'drv-dana', name: 'Dana Driver', email: 'dana@drivers.example' },
    move: {
      date: '2026-11-26T10:00:00.000Z',
      addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      description: 'Sofa',
    },
    because,
    at: '2026-11-20T09:00:00.000Z',
  }) as JobReturned;

/** JobReturned → the office: the reason in words, for each reason the event may carry ('suspended' included). */
describe('the office mail of a job back with the office', () => {
  it('a suspended driver is "no longer available"; the booking keeps their time until reassigned', () => {
    const mail = jobReturnedOfficeEmail(returned('suspended'), ctx);
    expect(mail.subject).toBe('Job 1234 needs a driver: Dana Driver is no longer available');
    expect(mail.text).toContain('Dana Driver (drv-dana) is no longer available (suspended) for job 1234 for ');
    expect(mail.text).toContain('keeps their time until you reassign it');
    expect(mail.text).toContain('https://vanhop.test/admin/drivers');
  });

  it('keeps the words of a decline and of an unanswered offer', () => {
    expect(jobReturnedOfficeEmail(returned('declined'), ctx).subject).toBe(
      'Job 1234 needs a driver: Dana Driver declined it',
    );
    expect(jobReturnedOfficeEmail(returned('expired'), ctx).subject).toBe(
      'Job 1234 needs a driver: Dana Driver did not answer',
    );
    expect(jobReturnedOfficeEmail(returned('expired'), ctx).text).toContain('did not answer in time for job 1234');
  });

  it('the event schema takes the new reason and still refuses an unknown one', () => {
    expect(() => returned('suspended')).not.toThrow();
    expect(() => returned('retired' as JobReturned['because'])).toThrow();
  });
});

/** Where calls are relayed, the accepted driver's mail carries no customer number. */
describe('the accepted driver’s mail with masked calls', () => {
  const accepted = {
    bookingId: 'bk-1',
    randomNumber: 1234,
    driver: { id: 'drv-dana', name: 'Dana Driver', email: 'dana@drivers.example' },
    move: {
      date: '2026-11-26T10:00:00.000Z',
      addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
      typeofVan: 'Large',
      typeOfWorker: 'Driver-Help',
      totalHour: 3,
      description: '',
    },
    acceptedAt: '2026-11-20T09:00:00.000Z',
  };
  const customer = { name: 'Cara', email: 'cara@example.com', phone: '07700900456' };
  it('gives the phone when calls are direct, and only the way to ring when they are relayed', () => {
    expect(jobAcceptedDriverEmail(accepted, customer).text).toContain('Phone: 07700900456');
    const masked = jobAcceptedDriverEmail({ ...accepted, callsMasked: true }, customer);
    expect(masked.text).toContain('Phone: Call them from the job card in your portal');
    expect(masked.text + masked.html).not.toContain('07700900456');
  });
});
