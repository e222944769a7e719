/**
 * A conflict flagged where it arises, in Chromium against the embedded product: a driver adds a day
 * off over a job they accepted (390 px). The portal warns before anything is saved, naming the job;
 * "Save anyway" saves it, the office is mailed once, and the booking's record (1280 px) shows the
 * conflict. The warning passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { JOB_CONFLICT_TEXT, WEEKDAYS, type DriverAdminView, type DriverJobsResponse } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { addSignedInDriver, bookAndPay, startWithStaff, until, type StaffOffice } from './back-office-data.js';
import { expectAccessible } from './axe-check.js';
import { launchChromium, POLL } from './harness.js';
import { outboxMails, waitForMail } from './outbox-mail.js';
import { DRIVER_TOKEN_KEY, STAFF_TOKEN_KEY } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const MOVE_AT = daysAheadAtUtc(new Date(), 5, 10);
const DAY_OFF = MOVE_AT.slice(0, 10);

describe('a day off over an accepted job: warned before saving, the office alerted, the record flagged', () => {
  let office: StaffOffice;
  let browser: Browser;
  let olu: DriverAdminView;
  let oluToken: string;
  let booking: { id: string; code: number };

  beforeAll(async () => {
    office = await startWithStaff();
    ({ driver: olu, token: oluToken } = await addSignedInDriver(office, office.drivers[0]!, {
      name: 'Olu Offday',
      email: 'olu.offday@drivers.example',
      phone: '07700900888',
      basePostcode: 'NW2',
    }));
    const hours = await office.api(
      'PUT',
      '/api/driver/me/availability',
      { weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '07:00', to: '20:00' }]])), daysOff: [] },
      { token: oluToken },
    );
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    booking = await bookAndPay(
      office.api,
      completeBooking(MOVE_AT, {
        name: 'Cleo Conflict',
        email: 'cleo.conflict@example.com',
        addresses: [
          address('a1', 'London NW2, UK', '12 Cricklewood Lane', 0),
          address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
        ],
      }),
      olu.id,
    );
    await until(
      `job ${booking.code} offered to Olu`,
      async () =>
        (await office.api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: oluToken })).body
          .upcoming ?? [],
      (jobs) => jobs.some((j) => j.randomNumber === booking.code),
    );
    expect(
      (await office.api('POST', `/api/driver/me/jobs/${booking.id}/accept`, undefined, { token: oluToken })).status,
    ).toBe(200);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await office?.running.stop();
  });

  const asOlu = (p: Page) => p.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [DRIVER_TOKEN_KEY, oluToken]);
  const addDayOff = async (page: Page) => {
    await page.getByRole('button', { name: 'Save availability' }).waitFor();
    await page.getByLabel('Day off').fill(DAY_OFF);
    await page.getByRole('button', { name: 'Add day off' }).click();
    await page.getByRole('button', { name: 'Save availability' }).click();
    return page.getByTestId('hours-leave-out-jobs');
  };
  const conflictMails = async () =>
    (await outboxMails(office.running.dataDir)).filter((m) =>
      (m.subject ?? '').startsWith(`Conflict: job ${booking.code}`),
    );

  it('the warning comes before saving, names the job, and passes axe', async () => {
    await expectAccessible(
      browser,
      `${office.base}/driver/availability`,
      async (p) => (await addDayOff(p)).waitFor(),
      asOlu,
    );
    // Warned only: nothing saved, nobody alerted.
    const me = await office.api<{ availability: { daysOff: string[] } }>('GET', '/api/driver/me', undefined, {
      token: oluToken,
    });
    expect(me.body.availability.daysOff).toEqual([]);
    expect(await conflictMails()).toEqual([]);
  }, 90_000);

  it('Save anyway: saved, the office mailed once, the record flags the conflict', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...UK });
    const page = await context.newPage();
    await asOlu(page);
    await page.goto(`${office.base}/driver/availability`);
    const warning = await addDayOff(page);
    await expect.poll(() => warning.innerText(), POLL).toContain(`Booking ${booking.code} on`);
    expect(await warning.innerText()).toContain('Not saved yet: these hours leave out a job you have.');
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => page.getByRole('status').innerText(), POLL).toBe('Availability saved');
    expect(await page.getByTestId('jobs-outside-hours').innerText()).toContain(`Booking ${booking.code} on`);
    await context.close();

    const alert = await waitForMail(office.running.dataDir, (m) =>
      (m.subject ?? '').startsWith(`Conflict: job ${booking.code}`),
    );
    expect(alert.text).toContain(`Olu Offday (${olu.id}) has accepted job ${booking.code}`);
    expect(alert.text).toContain(JOB_CONFLICT_TEXT.outsideHours('Olu Offday'));
    expect(await conflictMails()).toHaveLength(1);

    const staff = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...UK });
    await staff.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STAFF_TOKEN_KEY, office.staffToken]);
    const record = await staff.newPage();
    await record.goto(`${office.base}/admin/dashboard?booking=${encodeURIComponent(booking.id)}`);
    const flags = record.getByRole('dialog', { name: `Record ${booking.code}` }).getByTestId('record-job-conflicts');
    await expect.poll(() => flags.innerText(), POLL).toContain(JOB_CONFLICT_TEXT.outsideHours('Olu Offday'));
    await staff.close();
  }, 90_000);
});
