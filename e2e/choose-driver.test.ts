/**
 * After a change of driver, in Chromium against the embedded product: the customer reads the new
 * driver's price and charges on the day on My move, asks for the other drivers free for the move,
 * sees each at what they would pay with their charges on the day, and chooses one; the mail and
 * the text confirm the choice. At 390 and 1280 px, axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BookingQuoteResponse, DriverAdminView } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, type Api } from '../test/support/gateway-api.js';
import { openDemoPortalAccounts } from '../test/support/portal-accounts.js';
import type { OutboxListing } from '../test/support/dev-outbox.js';
import { bookAndPay, newestMail, signUpStaff, until } from './back-office-data.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { linkPath, waitForMail } from './outbox-mail.js';
import { expectAccessible } from './axe-check.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const CUSTOMER = { name: 'Cara Chooser', email: 'cara.chooser@example.com', phone: '07700900321' };

describe('after a change of driver the customer chooses another free driver on My move', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let api: Api;
  let base: string;
  let staffToken: string;
  let myMovePath: string;
  let code: number;
  /** Who the platform handed the move to when the booked driver was suspended. */
  let handedTo: string;

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' });
    base = running.product.url;
    api = apiClient(() => base);
    await openDemoPortalAccounts(running.product);
    staffToken = (await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!)).token;
    const move = completeBooking(daysAheadAtUtc(new Date(), 5, 10), CUSTOMER);
    const offers = (await api<BookingQuoteResponse>('POST', '/api/booking', move)).body.offers;
    const dearest = [...offers].sort((a, b) => a.totalPrice - b.totalPrice).at(-1)!;
    const booking = await bookAndPay(api, move, dearest.driverId);
    code = booking.code;
    const confirmation = await newestMail(
      running.dataDir,
      'the booking confirmation',
      (m) => m.to.includes(CUSTOMER.email) && /^Booking confirmed/.test(m.subject ?? ''),
    );
    myMovePath = linkPath(confirmation, 'mymove');
    const suspended = await api<DriverAdminView>(
      'POST',
      `/api/drivers/admin/${dearest.driverId}/suspend`,
      { reason: 'Van off the road' },
      { token: staffToken },
    );
    expect(suspended.status).toBe(200);
    const changed = await newestMail(
      running.dataDir,
      'the change of driver',
      (m) => m.to.includes(CUSTOMER.email) && (m.subject ?? '').startsWith(`Your new driver for booking ${code}: `),
    );
    handedTo = changed.subject!.split(': ').pop()!;
    expect(changed.text).toContain('you can choose another driver free for your move on your My move page');
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const texts = async () =>
    (await api<OutboxListing>('GET', '/api/dev/outbox', undefined, { token: staffToken })).body.texts;

  /** My move with the change panel, the free drivers listed. */
  async function openList(page: Page) {
    await page.goto(`${base}${myMovePath}`);
    const panel = page.getByTestId('driver-change');
    await expect
      .poll(() => panel.getByRole('heading').innerText(), POLL)
      .toBe(`Your driver has changed to ${handedTo}`);
    await panel.getByRole('button', { name: 'Choose another driver' }).click();
    await expect.poll(() => panel.getByTestId('free-driver').count(), POLL).toBeGreaterThan(0);
    return panel;
  }

  it('the change is texted with the choice; the free drivers read each price (never above the booking) and their charges on the day (1280 px), axe clean', async () => {
    const toCustomer = (await texts()).filter((t) => t.body.includes(`has changed to ${handedTo}`));
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.body).toContain('choose another driver or cancel for a full refund');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...UK });
    const page = await context.newPage();
    const panel = await openList(page);
    const total = await page.getByTestId('money').innerText();
    const booked = Number(/Total price\s*£([\d,]+\.\d{2})/.exec(total)![1]!.replace(/,/g, ''));
    const rows = await panel.getByTestId('free-driver').allInnerTexts();
    for (const row of rows) {
      const price = Number(/you would pay £([\d,]+\.\d{2})/.exec(row)![1]!.replace(/,/g, ''));
      expect(price).toBeLessThanOrEqual(booked);
      expect(row).toMatch(/No congestion or ULEZ charge on the day\.|Paid to .+ on the day, not in the price: /);
      expect(row).not.toContain(handedTo);
    }
    await screenshot(page, 'screens/mymove-choose-driver-1280');
    await context.close();
    await expectAccessible(browser, `${base}${myMovePath}`, async (p) => {
      await p.getByRole('button', { name: 'Choose another driver' }).click();
      await expect.poll(() => p.getByTestId('free-driver').count(), POLL).toBeGreaterThan(0);
    });
  });

  it('at 390 px the customer chooses one: My move names them, and the mail and text confirm the choice', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...UK });
    const page = await context.newPage();
    const panel = await openList(page);
    // On a phone Instant Support sits in the header's strip: it covers none of the page.
    const launcher = (await page.getByRole('button', { name: 'Instant Support' }).boundingBox())!;
    const header = (await page.locator('header.site-header').boundingBox())!;
    expect(launcher.y).toBeGreaterThanOrEqual(header.y);
    expect(launcher.y + launcher.height).toBeLessThanOrEqual(header.y + header.height);
    const first = panel.getByTestId('free-driver').first();
    const name = /^(.+?): you would pay/.exec(await first.innerText())![1]!;
    await screenshot(page, 'screens/mymove-choose-driver-390');
    await first.getByRole('button', { name: `Choose ${name}` }).click();
    await expect.poll(() => page.getByTestId('driver-change').count(), POLL).toBe(0);
    await expect
      .poll(() => page.getByTestId('driver-standing').innerText(), POLL)
      .toContain(`waiting for ${name} to accept`);
    await expect
      .poll(() => page.getByTestId('history').innerText(), POLL)
      .toContain(`You chose ${name} as your driver`);
    await context.close();
    const mail = await waitForMail(
      running.dataDir,
      (m) => m.to.includes(CUSTOMER.email) && m.subject === `Your new driver for booking ${code}: ${name}`,
    );
    expect(mail.text).toContain(`As you chose on your My move page, we have offered your move on`);
    await until('the text confirming the choice', texts, (all) =>
      all.some((t) => t.body.startsWith('VanHop: as you chose,') && t.body.includes(name)),
    );
  });
});
