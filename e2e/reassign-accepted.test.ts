/**
 * The dispatch board across staff and driver views, in Chromium against the embedded product: a
 * job its driver accepted is given to another driver from the booking's record; the picker marks
 * drivers without a portal account and asks again; the first driver's portal no longer lists the
 * job and they are mailed that it is no longer theirs; the customer is mailed their new driver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  NO_PORTAL_ACCOUNT_TEXT,
  type DriverAdminView,
  type DriverJobsResponse,
  type JobView,
  type StaffCursorPage,
} from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, type Api } from '../test/support/gateway-api.js';
import { addDriver, bookAndPay, invite, setPassword, signUpStaff, until } from './back-office-data.js';
import { launchChromium, POLL } from './harness.js';
import { waitForMail } from './outbox-mail.js';
import { STAFF_TOKEN_KEY } from './screens.js';

const CUSTOMER = { name: 'Rhea Reassign', email: 'rhea.reassign@example.com' };

describe('staff give an accepted job to another driver from its record', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let api: Api;
  let base: string;
  let staffToken: string;
  let ari: DriverAdminView;
  let ariToken: string;
  let booking: { id: string; code: number };

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' });
    base = running.product.url;
    api = apiClient(() => base);
    staffToken = (await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!)).token;
    const drivers = (
      await api<StaffCursorPage<DriverAdminView>>('GET', '/api/drivers/admin/page?pageSize=100', undefined, {
        token: staffToken,
      })
    ).body.items;
    ari = await addDriver(api, staffToken, drivers[0]!, {
      name: 'Ari Accepter',
      email: 'ari.accepter@drivers.example',
      phone: '07700900556',
      basePostcode: 'NW2',
    });
    ariToken = await setPassword(api, await invite(api, running.dataDir, staffToken, ari));
    const move = completeBooking(daysAheadAtUtc(new Date(), 5, 10), {
      ...CUSTOMER,
      addresses: [
        address('a1', 'London NW2, UK', '12 Cricklewood Lane', 0),
        address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
      ],
    });
    booking = await bookAndPay(api, move, ari.id);
    await until(
      `job ${booking.code} offered to Ari`,
      async () =>
        (await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: ariToken })).body.upcoming ??
        [],
      (jobs: JobView[]) => jobs.some((j) => j.randomNumber === booking.code),
    );
    const accepted = await api('POST', `/api/driver/me/jobs/${booking.id}/accept`, undefined, { token: ariToken });
    expect(accepted.status).toBe(200);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('the record offers the free drivers, marks those without an account, and the job moves', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [STAFF_TOKEN_KEY, staffToken] as const);
    const page = await context.newPage();
    const questions: string[] = [];
    page.on('dialog', (d) => {
      questions.push(d.message());
      void d.accept();
    });
    await page.goto(`${base}/admin/dashboard?booking=${encodeURIComponent(booking.id)}`);
    const panel = page.getByRole('dialog', { name: `Record ${booking.code}` });
    await panel.getByRole('button', { name: 'Give to another driver' }).click();
    const first = panel.getByTestId('job-candidate').first();
    await first.waitFor();
    // The demo drivers never set a portal password: marked, and a second question before giving.
    expect(await first.innerText()).toContain(NO_PORTAL_ACCOUNT_TEXT);
    const name = (await first.getByRole('button').innerText()).replace(/^Give to /, '');
    await first.getByRole('button').click();
    await expect.poll(() => panel.getByRole('status').innerText(), POLL).toContain('Reassigned');
    expect(questions[0]).toContain('Ari Accepter is told the job is no longer theirs.');
    expect(questions.at(-1)).toContain(`${name} has no portal account`);
    await context.close();

    // The driver's view: the job is gone from Ari's portal, and Ari is told.
    await until(
      'the job leaving Ari’s portal',
      async () =>
        (await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: ariToken })).body.upcoming ??
        [],
      (jobs: JobView[]) => !jobs.some((j) => j.randomNumber === booking.code),
    );
    const toAri = await waitForMail(
      running.dataDir,
      (m) => m.to.includes(ari.email) && / is no longer yours$/.test(m.subject ?? ''),
    );
    expect(toAri.text).toContain('although you had accepted it');
    await waitForMail(
      running.dataDir,
      (m) => m.to.includes(CUSTOMER.email) && m.subject === `Your new driver for booking ${booking.code}: ${name}`,
    );
  });
});
