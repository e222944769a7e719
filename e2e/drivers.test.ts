/**
 * In Chromium against the embedded product: staff add and invite a driver,
 * the driver sets a password, their prices and their hours in the portal, a customer gets that
 * driver's offer at the driver's price and books it, the driver sees the paid job and accepts it;
 * two customers pressing Book Now on that driver's offer at once: one checkout opens, the other
 * is told the driver is no longer free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DRIVER_TAKEN_MESSAGE } from '@vanhop/contracts';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient } from '../test/support/gateway-api.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { fillMove, pickDay, searchMove } from './booking-steps.js';
import { linkPath, outboxMails, waitForMail } from './outbox-mail.js';
import { expectAccessible } from './axe-check.js';

const ADMIN_TOKEN_KEY = 'vanhop.adminToken';
const DRIVER_EMAIL = 'dana.driver@drivers.example';
const PASSWORD = 'a-long-driver-password';
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** The staff driver form once its page has loaded what it starts from (until then: "Loading..."). */
const driverFormLoaded = (page: Page) => page.getByRole('button', { name: 'Save driver' }).waitFor();

describe('the supply side in the browser: invite → prices and hours → offered → booked → accepted', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let base = '';
  const api = apiClient(() => base);
  let staffContext: BrowserContext;
  let driverContext: BrowserContext;
  let staffPage: Page;
  let driverPage: Page;
  let driverId = '';
  let staffToken = '';

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' });
    base = running.product.url;
    browser = await launchChromium();
    const staff = { name: 'Drivers_Desk', password: 'desk-password-1' };
    expect(
      (
        await api('POST', '/api/account/register', {
          name: staff.name,
          password: staff.password,
          password1: staff.password,
          uniquecode: running.product.env.ADMIN_SIGNUP_CODE,
        })
      ).status,
    ).toBe(201);
    const token = (await api('POST', '/api/account/login', { username: staff.name, password: staff.password })).body
      .token as string;
    staffToken = token;
    staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await staffContext.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [ADMIN_TOKEN_KEY, token]);
    staffPage = await staffContext.newPage();
    driverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    driverPage = await driverContext.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('staff add a driver on the Drivers pages and invite them to the portal', async () => {
    await staffPage.goto(`${base}/admin/drivers`);
    await staffPage.getByRole('heading', { name: 'Drivers', exact: true }).waitFor();
    await staffPage.getByRole('button', { name: 'Add driver' }).click();
    await staffPage.waitForURL(/\/admin\/drivers\/new$/);
    // The page says "Loading..." until it has the drivers list (the new card starts as a copy of the
    // first driver's); the form, and with it every label, comes after.
    await driverFormLoaded(staffPage);
    await staffPage.getByLabel('Name', { exact: true }).fill('Dana Driver');
    await staffPage.getByLabel('E-mail', { exact: true }).fill(DRIVER_EMAIL);
    await staffPage.getByLabel('Phone', { exact: true }).fill('07700 900555');
    await staffPage.getByLabel('Base postcode').fill('NW2');
    await staffPage.getByLabel('Radius (miles)').fill('15');
    for (const van of ['Small', 'Medium', 'Large', 'Luton'])
      await staffPage.getByRole('group', { name: 'Van sizes' }).getByLabel(van, { exact: true }).check();
    for (const help of ['No-Help', 'Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'])
      await staffPage.getByRole('group', { name: 'Help levels' }).getByLabel(help, { exact: true }).check();
    await staffPage.getByRole('button', { name: 'Save driver' }).click();
    await staffPage.getByRole('status').filter({ hasText: 'Driver added' }).waitFor();
    await staffPage.waitForURL(/\/admin\/drivers\/drv-/);
    driverId = staffPage.url().split('/').pop()!;
    await screenshot(staffPage, 'drivers-staff-new-driver');

    // The account service learns of the new driver by event: invite once it lists them, so the one
    // invitation sent is the one whose link works.
    await expect
      .poll(async () => {
        const accounts = await api<{ driverId: string }[]>('GET', '/api/driver-account/admin/accounts', undefined, {
          token: staffToken,
        });
        return accounts.status === 200 && accounts.body.some((a) => a.driverId === driverId);
      }, POLL)
      .toBe(true);
    await staffPage.getByRole('button', { name: 'Invite to driver portal' }).click();
    await staffPage.getByText(/Invitation sent/).waitFor();
    await staffPage.goto(`${base}/admin/drivers`);
    const row = staffPage.getByTestId('driver-row').filter({ hasText: 'Dana Driver' });
    await expect.poll(() => row.getByTestId('account-status').innerText(), POLL).toBe('invited');
    await screenshot(staffPage, 'drivers-staff-list');
  }, 60_000);

  it('the driver sets a password from the e-mail, then their prices and hours', async () => {
    await waitForMail(
      running.dataDir,
      (m) => m.to.includes(DRIVER_EMAIL) && m.subject === 'Your VanHop driver portal invitation',
    );
    // The newest invitation is the one whose link works (a new one replaces the old).
    const invitations = (await outboxMails(running.dataDir)).filter(
      (m) => m.to.includes(DRIVER_EMAIL) && m.subject === 'Your VanHop driver portal invitation',
    );
    const mail = invitations.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0)).at(-1)!;
    await driverPage.goto(`${base}${linkPath(mail, 'driver/welcome')}`);
    await driverPage.getByRole('heading', { name: 'Welcome to VanHop, Dana Driver' }).waitFor();
    await driverPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await driverPage.getByLabel('Confirm password').fill(PASSWORD);
    await driverPage.getByRole('button', { name: 'Set password' }).click();
    await driverPage.getByRole('heading', { name: 'Your prices' }).waitFor();
    await driverPage.getByText('Signed in as Dana Driver').waitFor();
    await driverPage.getByRole('button', { name: 'Save prices' }).waitFor(); // the card has loaded

    // A price outside the bounds is refused next to the field; one inside is saved.
    const large = driverPage.getByLabel('Van per hour, Large (£)');
    const before = Number(await large.inputValue());
    await large.fill('500');
    await driverPage.getByRole('button', { name: 'Save prices' }).click();
    await driverPage
      .getByText(/Must be from £/)
      .first()
      .waitFor();
    await large.fill((before - 5).toFixed(2));
    await driverPage.getByRole('button', { name: 'Save prices' }).click();
    await driverPage.getByRole('status').filter({ hasText: 'Prices saved' }).waitFor();
    await screenshot(driverPage, 'drivers-portal-prices');

    // Working hours every day 06:00 to 22:00 (the booking form's first bookable time is inside).
    await driverPage.getByRole('link', { name: 'Availability' }).click();
    await driverPage.getByRole('heading', { name: 'Your availability' }).waitFor();
    await driverPage.getByRole('button', { name: 'Save availability' }).waitFor(); // the week has loaded
    for (const day of DAYS) {
      const group = driverPage.getByRole('group', { name: day, exact: true });
      await group.getByRole('button', { name: 'Add period' }).click();
      await group.getByLabel(`${day} period 1 from`).selectOption('06:00');
      await group.getByLabel(`${day} period 1 to`).selectOption('22:00');
    }
    await driverPage.getByRole('button', { name: 'Save availability' }).click();
    await driverPage.getByRole('status').filter({ hasText: 'Availability saved' }).waitFor();
    await screenshot(driverPage, 'drivers-portal-availability');

    const me = await driverPage.evaluate(async () => {
      const res = await fetch('/api/driver/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('vanhop.driverToken')}` },
      });
      return res.json();
    });
    expect(me.availability.weekly.tue).toEqual([{ from: '06:00', to: '22:00' }]);
    expect(me.card.vanPerHourPence.Large).toBe(Math.round((before - 5) * 100));
  }, 60_000);

  it("a customer is offered the driver at the driver's own price and books; the driver accepts the paid job", async () => {
    const customer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await searchMove(customer, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await fillMove(customer, 'Carla Customer');
    await customer.locator('#email').fill('carla@example.com');
    // Tomorrow at 10:00, inside the hours Dana set: the form's first bookable time depends on when
    // the test runs (after about 17:30 London it is a move ending after her 22:00).
    await pickDay(customer, '#moving_date', 1, '10:00');
    await customer.getByRole('button', { name: 'Get Free Quote' }).click();
    const offer = customer
      .getByRole('dialog', { name: 'Your quotes' })
      .getByTestId('offer')
      .filter({ hasText: 'Dana Driver' });
    await offer.waitFor();
    await screenshot(customer, 'drivers-customer-offer');
    await offer.getByRole('button', { name: 'Choose Dana Driver' }).click();
    const panel = customer.getByRole('dialog', { name: 'Your quote' });
    await panel.getByRole('radio', { name: /^30%/ }).check();
    await panel.getByRole('button', { name: 'Book Now' }).click();
    await customer.waitForURL(/local-checkout/);
    const code = (await customer.locator('body').innerText()).match(/booking (\d+)/)![1]!;
    await customer.locator('button.pay').click();
    await customer.waitForURL(/\/paymentbooking\/success\?session_id=/);
    await customer.close();

    await driverPage.getByRole('link', { name: 'Jobs' }).click();
    const job = driverPage.getByRole('article', { name: `Booking ${code}` });
    await expect
      .poll(
        async () => {
          await driverPage.reload();
          await driverPage.getByRole('heading', { name: 'Your jobs' }).waitFor();
          return job.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await expect.poll(() => job.innerText(), POLL).toContain('Carla Customer');
    await screenshot(driverPage, 'drivers-portal-job-offered');
    await job.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => job.innerText(), POLL).toMatch(/accepted/i);
    await waitForMail(running.dataDir, (m) => m.subject === `Job ${code} accepted by Dana Driver`);
  }, 90_000);

  it('the staff Drivers pages and every portal page pass axe (WCAG 2 A/AA)', async () => {
    const driverToken = await driverPage.evaluate(() => localStorage.getItem('vanhop.driverToken'));
    const asStaff = (p: Page) =>
      p.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [ADMIN_TOKEN_KEY, staffToken]);
    const asDriver = (p: Page) => p.addInitScript((t) => localStorage.setItem('vanhop.driverToken', t!), driverToken);
    // Each page is checked once it shows what it loaded: the headings are there while "Loading..." is too.
    const ready = (name: string) => (p: Page) => p.getByRole('heading', { name }).first().waitFor();
    const shown = (what: (p: Page) => Locator) => (p: Page) => what(p).first().waitFor();
    await expectAccessible(
      browser,
      `${base}/admin/drivers`,
      shown((p) => p.getByTestId('driver-row')),
      asStaff,
    );
    await expectAccessible(
      browser,
      `${base}/admin/drivers/${driverId}`,
      async (p) => {
        await ready('Dana Driver')(p);
        await expect.poll(() => p.getByTestId('account-status').innerText(), POLL).not.toBe('loading');
      },
      asStaff,
    );
    await expectAccessible(browser, `${base}/admin/drivers/new`, driverFormLoaded, asStaff);
    await expectAccessible(browser, `${base}/driver/login`, ready('Driver sign in'));
    await expectAccessible(
      browser,
      `${base}/driver/jobs`,
      shown((p) => p.locator('.portal-jobs-section')),
      asDriver,
    );
    await expectAccessible(
      browser,
      `${base}/driver/prices`,
      shown((p) => p.getByRole('button', { name: 'Save prices' })),
      asDriver,
    );
    await expectAccessible(
      browser,
      `${base}/driver/availability`,
      shown((p) => p.getByRole('button', { name: 'Save availability' })),
      asDriver,
    );
  }, 90_000);

  it("two customers press Book Now on the driver's offer at once: one checkout opens, the other is told the driver is no longer free", async () => {
    const pages = await Promise.all([0, 1].map(() => browser.newPage({ viewport: { width: 1280, height: 900 } })));
    for (const [i, page] of pages.entries()) {
      await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
      await fillMove(page, `Rival ${i}`);
      await page.locator('#email').fill(`rival${i}@example.com`);
      // The day after tomorrow: the accepted job above has tomorrow at 10:00.
      await pickDay(page, '#moving_date', 2, '10:00');
      await page.getByRole('button', { name: 'Get Free Quote' }).click();
      await page
        .getByRole('dialog', { name: 'Your quotes' })
        .getByTestId('offer')
        .filter({ hasText: 'Dana Driver' })
        .getByRole('button', { name: 'Choose Dana Driver' })
        .click();
      await page.getByRole('dialog', { name: 'Your quote' }).getByRole('radio', { name: /^30%/ }).check();
    }
    await Promise.all(
      pages.map((p) => p.getByRole('dialog', { name: 'Your quote' }).getByRole('button', { name: 'Book Now' }).click()),
    );
    const outcome = async (p: Page) => {
      await expect
        .poll(async () => /local-checkout/.test(p.url()) || (await p.getByText(DRIVER_TAKEN_MESSAGE).count()) > 0, {
          timeout: 15_000,
        })
        .toBe(true);
      return /local-checkout/.test(p.url()) ? 'checkout' : 'refused';
    };
    expect((await Promise.all(pages.map(outcome))).sort()).toEqual(['checkout', 'refused']);
    const refused = pages[(await outcome(pages[0]!)) === 'refused' ? 0 : 1]!;
    await screenshot(refused, 'drivers-customer-driver-taken');
    await Promise.all(pages.map((p) => p.close()));
  }, 90_000);
});
