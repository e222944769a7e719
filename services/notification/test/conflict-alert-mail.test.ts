import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CONFLICT_TEXT, TOPICS, type JobConflictFound } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { startNotificationOnTempDir, type NotificationOnTempDir } from './support/on-temp-dir.js';
import { bookingConfirmed, clock } from './support/events.js';

describe('JobConflictFound: the office is mailed where the conflict arose', () => {
  let running: NotificationOnTempDir;
  beforeAll(async () => {
    running = await startNotificationOnTempDir(
      { PUBLIC_URL: 'https://vanhop.test', OFFICE_EMAIL: 'office@vanhop.test' },
      { clock },
    );
  });
  afterAll(async () => {
    await running.stop();
  });

  it('a day off over an accepted job: one mail to the office, naming the job, the driver and what to do', async () => {
    const data: JobConflictFound = {
      bookingId: 'b-1001',
      randomNumber: 4815162,
      kind: 'outside-hours',
      text: JOB_CONFLICT_TEXT.outsideHours('Sam Driver'),
      status: 'accepted',
      driver: { id: 'd-7', name: 'Sam Driver' },
      move: bookingConfirmed.move,
      at: '2026-03-01T10:00:00.000Z',
    };
    const event = await createEvent(TOPICS.jobConflictFound, data, { producer: 'quote', clock });
    await running.bus.publish(TOPICS.jobConflictFound, event);
    await running.bus.publish(TOPICS.jobConflictFound, event);
    await running.bus.idle();
    const mails = await running.outbox.mails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['office@vanhop.test', 'Conflict: job 4815162 on Tuesday, 14 July 2026 at 09:00 (a day off or new hours)'],
    ]);
    const raw = (await running.outbox.mail(mails[0]!.file))!.toString('utf8').replace(/=\r?\n/g, '');
    expect(raw).toContain('Sam Driver (d-7) has accepted job 4815162');
    expect(raw).toContain('hours no longer cover this move');
    expect(raw).toContain('https://vanhop.test/admin/drivers/d-7');
  });
});
