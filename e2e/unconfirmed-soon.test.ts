/**
 * No booking sits unconfirmed: in Chromium against the embedded product, a customer books a move
 * for the first time the picker offers on a weekday morning (09:00, booked at 07:28), no driver
 * accepts it, and staff at 1280 px find it at the top of the dashboard with a link that opens its
 * record; the office has been mailed about it.
 *
 * The product and the page share one clock pinned to that morning (a movable clock for the
 * product, the page's own clock for the picker), so the test runs the same at any hour of the real
 * day: a move within hours could not otherwise be booked in the evening.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { UNCONFIRMED_ALERT_HOURS, type DriverJobsResponse, type MyMoveView } from '@vanhop/contracts';
import { MovableClock } from '../services/platform/test/movable-clock.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient } from '../test/support/gateway-api.js';
import { driverAuth } from '../test/support/staff.js';
import { bookAndPay } from './booking-steps.js';
import { signUpStaff } from './back-office-data.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { waitForMail } from './outbox-mail.js';

/** A Wednesday in winter (London on GMT), 07:28: the picker's first time is 09:00 the same morning. */
const MORNING = '2027-01-13T07:28:00Z';
const DESK = { width: 1280, height: 1000 };
const STAFF_PASSWORD = 'office-password-1';
const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;

describe('a move within hours that no driver has accepted reaches the office', () => {
  const clock = new MovableClock(MORNING);
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let base = '';
  const jwtSecret = () => running.product.env.JWT_SECRET!;

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir(
      { ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0', STRIPE_SECRET_KEY: '' },
      { clock },
    );
    base = running.product.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('is listed on the staff dashboard with a link to its record, and the office is mailed', async () => {
    // The customer books the first time offered and pays 30 %; the job is offered to the driver, who does not answer.
    const customer = await browser.newPage({ viewport: DESK, ...UK });
    await customer.clock.setFixedTime(new Date(MORNING));
    const booked = await bookAndPay(customer, base, { name: 'Nina Early', email: 'nina.early@example.com' }, 30);
    await customer.close();
    const api = apiClient(() => base);
    const view = (await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body;
    expect(view.move.date).toBe('2027-01-13T09:00:00.000Z');
    expect(Date.parse(view.move.date) - clock.now().getTime()).toBeLessThan(UNCONFIRMED_ALERT_HOURS * 3_600_000);

    // The job reaches its driver once the payment's event reached the fleet service: the driver's
    // own list is asked until it is offered there (and left unanswered).
    const driverHeaders = { headers: driverAuth(view.driver!.id, { env: { JWT_SECRET: jwtSecret() }, clock }) };
    const offered = async () => {
      const { today = [], upcoming = [] } = (
        await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, driverHeaders)
      ).body;
      return [...today, ...upcoming].find((j) => j.bookingId === view.bookingId)?.status;
    };
    await expect.poll(offered, POLL).toBe('offered');
    const staff = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!, {
      name: 'Olu_Office',
      password: STAFF_PASSWORD,
    });

    // Staff sign in at 1280 px on the same morning.
    const page = await browser.newPage({ viewport: DESK, ...UK });
    await page.clock.setFixedTime(new Date(MORNING));
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('Username').fill(staff.name);
    await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\/dashboard/);

    // The dashboard's read finds the move (and alerts the office): the alert at the top names it,
    // and its link opens the record. Found by what it says, not by its markup.
    await page.getByRole('heading', { name: /no accepted driver/ }).waitFor();
    const link = page.getByRole('link', { name: `Booking ${booked.code}` });
    const line = page.getByRole('listitem').filter({ has: link });
    expect(await line.innerText()).toMatch(/13 Jan(uary)? 2027.*09:00/);
    await screenshot(page, 'screens/unconfirmed-soon-1280');
    await link.click();
    const record = page.getByRole('dialog', { name: `Record ${booked.code}` });
    await record.waitFor();
    expect(await record.getByRole('heading', { level: 2 }).innerText()).toContain(`Job ${booked.code}`);
    expect(page.url()).toMatch(/[?&]booking=/);

    // The office's mail about it.
    const mail = await waitForMail(
      running.dataDir,
      (m) => !!m.subject?.startsWith(`Urgent: job ${booked.code} on`),
      POLL.timeout,
    );
    expect(mail.to).toContain('office@vanhop.example');
    expect(mail.subject).toContain('has no accepted driver');
    expect(mail.text).toMatch(/no driver has accepted it/);
    await page.close();
  });
});
