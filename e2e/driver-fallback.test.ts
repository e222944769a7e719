/**
 * In Chromium against the embedded product: a driver declines a paid job in the
 * portal, the platform offers it at once to the next driver free at no more than the booked price,
 * and the customer is mailed who it is and reads it on My move. Pictures of the portal's offer
 * (with its countdown) and of My move naming the new driver, in both themes at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  NEEDS_DRIVER_STANDING,
  type BookingQuoteResponse,
  type DriverAdminView,
  type DriverJobsResponse,
  type JobCandidate,
  type JobView,
  type StaffCursorPage,
} from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, type Api } from '../test/support/gateway-api.js';
import { addDriver, bookAndPay, invite, newestMail, setPassword, signUpStaff, until } from './back-office-data.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { linkPath, waitForMail } from './outbox-mail.js';
import { DRIVER_TOKEN_KEY, screenPath, setAreaTheme, setTheme, settle, VIEWPORT_THEMES } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const CUSTOMER = { name: 'Fay Fallback', email: 'fay.fallback@example.com' };

describe('a declined job goes on to the next free driver, and the customer is told', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let api: Api;
  let base: string;
  let dana: DriverAdminView;
  let danaToken: string;
  let booking: { id: string; code: number };
  let myMovePath: string;
  let staffToken: string;
  /** The cheapest other driver free for the move: the one the job goes to. */
  let fallback: string;

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' });
    base = running.product.url;
    api = apiClient(() => base);
    const staff = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!);
    staffToken = staff.token;
    const drivers = (
      await api<StaffCursorPage<DriverAdminView>>('GET', '/api/drivers/admin/page?pageSize=100', undefined, {
        token: staff.token,
      })
    ).body.items;
    const addresses = [
      address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
      address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
    ];
    const move = completeBooking(daysAheadAtUtc(new Date(), 4, 10), { ...CUSTOMER, addresses });
    // Dana charges what the dearest driver for this move charges: drivers at her price or less can take over.
    const before = (await api<BookingQuoteResponse>('POST', '/api/booking', move)).body.offers;
    const dearest = drivers.find((d) => d.id === before.at(-1)!.driverId)!;
    dana = await addDriver(api, staff.token, dearest, {
      name: 'Dana Decliner',
      email: 'dana.decliner@drivers.example',
      phone: '07700900555',
      basePostcode: 'NW2',
    });
    danaToken = await setPassword(api, await invite(api, running.dataDir, staff.token, dana));
    const offers = (await api<BookingQuoteResponse>('POST', '/api/booking', move)).body.offers;
    const danasPrice = offers.find((o) => o.driverId === dana.id)!.totalPrice;
    const next = offers.find((o) => o.driverId !== dana.id && o.totalPrice <= danasPrice)!;
    fallback = next.driverName;
    // The hand-on picks only drivers who can answer online: the next driver has a portal account.
    await setPassword(
      api,
      await invite(api, running.dataDir, staff.token, drivers.find((d) => d.id === next.driverId)!),
    );
    booking = await bookAndPay(api, move, dana.id);
    await until(
      `quote knowing ${fallback} has a portal account`,
      async () =>
        (
          await api<JobCandidate[]>('GET', `/api/drivers/admin/jobs/${booking.id}/candidates`, undefined, {
            token: staff.token,
          })
        ).body,
      (candidates) =>
        Array.isArray(candidates) && candidates.some((c) => c.driverId === next.driverId && c.portalAccount),
    );
    await until(
      `job ${booking.code} offered to Dana`,
      async () =>
        (await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: danaToken })).body.upcoming ??
        [],
      (jobs: JobView[]) => jobs.some((j) => j.randomNumber === booking.code),
    );
    const confirmation = await newestMail(
      running.dataDir,
      'the booking confirmation',
      (m) => m.to.includes(CUSTOMER.email) && /^Booking confirmed/.test(m.subject ?? ''),
    );
    myMovePath = linkPath(confirmation, 'mymove');
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const driverPage = async (viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ viewport, ...UK });
    await context.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [DRIVER_TOKEN_KEY, danaToken]);
    return context.newPage();
  };
  const card = (page: Page) => page.getByRole('article', { name: `Booking ${booking.code}` });

  it.each(VIEWPORT_THEMES)(
    'the offer in the portal counts down the time left to answer ($viewport.width px, $theme)',
    async ({ viewport, theme }) => {
      const page = await driverPage(viewport);
      await page.goto(`${base}/driver/jobs`);
      await expect
        .poll(() => card(page).getByTestId('time-left').innerText(), POLL)
        .toMatch(/· (1 h \d+ min|2 h) left$/);
      await setAreaTheme(page, theme);
      await settle(page);
      await screenshot(page, screenPath('portal-offer-countdown', viewport, theme));
      await page.context().close();
    },
  );

  it('Dana declines; the job is offered at once to the cheapest driver free at no more than the booked price; the customer is mailed who', async () => {
    const page = await driverPage({ width: 390, height: 844 });
    await page.goto(`${base}/driver/jobs`);
    await card(page).getByRole('button', { name: 'Decline' }).click();
    await card(page).getByRole('button', { name: 'Confirm decline' }).click();
    await expect
      .poll(() => card(page).getByTestId('job-status').innerText(), POLL)
      .toBe('Declined: back with the office');
    await page.context().close();

    const mail = await waitForMail(
      running.dataDir,
      (m) =>
        m.to.includes(CUSTOMER.email) && (m.subject ?? '').startsWith(`Your new driver for booking ${booking.code}: `),
    );
    const newDriver = mail.subject!.split(': ').pop()!;
    expect(newDriver).toBe(fallback);
    expect(mail.text).toContain(`so we have offered it to ${newDriver}, who is free at that time.`);
    // The office is not asked to step in: no job back with them.
    const office = await api<StaffCursorPage<JobView>>('GET', '/api/drivers/admin/jobs/page?pageSize=100', undefined, {
      token: staffToken,
    });
    expect(office.body.items.map((j) => j.randomNumber)).not.toContain(booking.code);
    // Dana's list no longer shows a job that is someone else's now.
    const hers = (await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: danaToken })).body;
    expect([...hers.today, ...hers.upcoming].map((j) => j.randomNumber)).not.toContain(booking.code);
  });

  it.each(VIEWPORT_THEMES)(
    'My move names the new driver, waiting for them to accept ($viewport.width px, $theme)',
    async ({ viewport, theme }) => {
      const context = await browser.newContext({ viewport, ...UK });
      const page = await context.newPage();
      await page.goto(`${base}${myMovePath}`);
      const standing = page.getByTestId('driver-standing');
      await expect
        .poll(() => standing.innerText(), POLL)
        .toMatch(/^Booked: waiting for (.+) to accept\. We will text and e-mail you when they do\.$/);
      const name = /waiting for (.+) to accept/.exec(await standing.innerText())![1]!;
      expect(name).toBe(fallback);
      expect(await standing.innerText()).not.toBe(NEEDS_DRIVER_STANDING);
      await expect.poll(() => page.getByText(`Your new driver is ${name}`).count(), POLL).toBe(1);
      await setTheme(page, theme);
      await settle(page);
      await screenshot(page, screenPath('mymove-new-driver', viewport, theme));
      await context.close();
    },
  );
});
