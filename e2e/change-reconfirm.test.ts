/**
 * A staff amendment to an accepted move, in Chromium against the embedded product: moved onto the
 * driver's day off, the driver is asked to confirm the new time by a deadline, the customer is
 * mailed, and the driver portal (390 px), the staff record and calendar (1280 px) and My move all
 * say the driver is to confirm; once the driver accepts in the portal, all three say accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  JOB_RECONFIRM_TEXT,
  WEEKDAYS,
  type BookingAmendment,
  type DriverAdminView,
  type DriverJobsResponse,
  type JobView,
} from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { addDriver, bookAndPay, invite, newestMail, setPassword, startWithStaff, until } from './back-office-data.js';
import type { StaffOffice } from './back-office-data.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { linkPath, waitForMail } from './outbox-mail.js';
import { DRIVER_TOKEN_KEY, STAFF_TOKEN_KEY } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const CUSTOMER = { name: 'Cara Change', email: 'cara.change@example.com' };
const NOW = new Date();
const BOOKED_AT = daysAheadAtUtc(NOW, 3, 10);
const MOVED_TO = daysAheadAtUtc(NOW, 4, 11);

describe('an amendment outside the driver’s hours asks them to confirm, and every view says so', () => {
  let office: StaffOffice;
  let browser: Browser;
  let dana: DriverAdminView;
  let danaToken: string;
  let booking: { id: string; code: number };
  let myMovePath: string;

  beforeAll(async () => {
    office = await startWithStaff();
    const { api, staffToken } = office;
    dana = await addDriver(api, staffToken, office.drivers[0]!, {
      name: 'Dana Daysoff',
      email: 'dana.daysoff@drivers.example',
      phone: '07700900666',
      basePostcode: 'NW2',
    });
    danaToken = await setPassword(api, await invite(api, office.running.dataDir, staffToken, dana));
    // Dana works 07:00 to 20:00 every day, except the day the move is moved to.
    const hours = await api(
      'PUT',
      '/api/driver/me/availability',
      {
        weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '07:00', to: '20:00' }]])),
        daysOff: [MOVED_TO.slice(0, 10)],
      },
      { token: danaToken },
    );
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    const addresses = [
      address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
      address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
    ];
    booking = await bookAndPay(api, completeBooking(BOOKED_AT, { ...CUSTOMER, addresses }), dana.id);
    const jobs = async () =>
      (await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: danaToken })).body.upcoming ??
      [];
    await until(`job ${booking.code} offered to Dana`, jobs, (list: JobView[]) =>
      list.some((j) => j.randomNumber === booking.code),
    );
    expect(
      (await api('POST', `/api/driver/me/jobs/${booking.id}/accept`, undefined, { token: danaToken })).status,
    ).toBe(200);
    const confirmation = await newestMail(
      office.running.dataDir,
      'the booking confirmation',
      (m) => m.to.includes(CUSTOMER.email) && /^Booking confirmed/.test(m.subject ?? ''),
    );
    myMovePath = linkPath(confirmation, 'mymove');

    // Staff move it to Dana's day off (agreed with the customer in Instant Support).
    const amended = await api<{ amendment: BookingAmendment }>(
      'POST',
      `/api/backdata/amend/${booking.id}`,
      { date: MOVED_TO },
      { token: staffToken },
    );
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    expect(amended.body.amendment.driverToConfirm).toBe(true);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await office?.running.stop();
  });

  const page = async (viewport: { width: number; height: number }, token?: [string, string]): Promise<Page> => {
    const context = await browser.newContext({ viewport, ...UK });
    if (token) await context.addInitScript(([k, t]) => localStorage.setItem(k!, t!), token);
    return context.newPage();
  };
  const portalCard = (p: Page) => p.getByRole('article', { name: `Booking ${booking.code}` });

  /** The three views as the driver, the office and the customer read them. */
  async function views(expected: { driver: string; staff: RegExp; calendar: string; customer: RegExp }) {
    const portal = await page({ width: 390, height: 844 }, [DRIVER_TOKEN_KEY, danaToken]);
    await portal.goto(`${office.base}/driver/jobs`);
    await expect.poll(() => portalCard(portal).getByTestId('job-status').innerText(), POLL).toBe(expected.driver);

    const staff = await page({ width: 1280, height: 1000 }, [STAFF_TOKEN_KEY, office.staffToken]);
    await staff.goto(`${office.base}/admin/dashboard`);
    const card = staff.getByTestId('job-card').locator(`[data-code="${booking.code}"]`);
    await card.waitFor();
    await card.click();
    const panel = staff.getByRole('dialog', { name: `Record ${booking.code}` });
    await expect.poll(() => panel.innerText(), POLL).toMatch(expected.staff);

    await staff.goto(`${office.base}/admin/drivers/${dana.id}`);
    const calendar = staff.getByTestId('driver-calendar');
    const job = calendar.getByTestId('calendar-job').and(staff.locator(`[data-code="${booking.code}"]`));
    await calendar.getByTestId('calendar-week').waitFor();
    if ((await job.count()) === 0) await calendar.getByRole('button', { name: 'Next week →' }).click();
    await expect.poll(() => job.innerText(), POLL).toContain(expected.calendar);

    const customer = await page({ width: 390, height: 844 });
    await customer.goto(`${office.base}${myMovePath}`);
    await expect.poll(() => customer.getByTestId('driver-standing').innerText(), POLL).toMatch(expected.customer);
    return { portal, staff, customer };
  }

  it('waiting for Dana to confirm: the portal asks by a deadline, the office and the customer read the same; both are mailed', async () => {
    const { portal, staff, customer } = await views({
      driver: JOB_RECONFIRM_TEXT.driver,
      staff: /Waiting for Dana Daysoff to confirm the new time/,
      calendar: JOB_RECONFIRM_TEXT.staff,
      customer: /^Your new time is waiting for Dana Daysoff to confirm\./,
    });
    expect(await portalCard(portal).getByTestId('reconfirm-note').innerText()).toContain(
      'new time outside your working hours',
    );
    await screenshot(portal, 'screens/portal-confirm-new-time-390');
    await screenshot(customer, 'screens/mymove-driver-to-confirm-390');
    for (const p of [portal, staff, customer]) await p.context().close();

    const toCustomer = await waitForMail(
      office.running.dataDir,
      (m) => m.subject === `Your driver is asked to confirm your new time: booking ${booking.code}`,
    );
    expect(toCustomer.to).toEqual([CUSTOMER.email]);
    const toDriver = await waitForMail(
      office.running.dataDir,
      (m) =>
        m.to.includes('dana.daysoff@drivers.example') &&
        (m.subject ?? '').startsWith(`Confirm the new time of job ${booking.code} by `),
    );
    expect(toDriver.text).toContain('outside the hours you work');
  });

  it('Dana accepts the new time in the portal: all three views say accepted', async () => {
    const portal = await page({ width: 390, height: 844 }, [DRIVER_TOKEN_KEY, danaToken]);
    await portal.goto(`${office.base}/driver/jobs`);
    await portalCard(portal).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => portalCard(portal).getByTestId('job-status').innerText(), POLL).toBe('Accepted');
    await portal.context().close();

    const {
      portal: p,
      staff,
      customer,
    } = await views({
      driver: 'Accepted',
      staff: /Accepted by Dana Daysoff/,
      calendar: 'Accepted',
      customer: /^Dana Daysoff has accepted your move\./,
    });
    for (const x of [p, staff, customer]) await x.context().close();
  });
});
