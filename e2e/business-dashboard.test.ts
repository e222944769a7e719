/**
 * The staff dashboard's middle panel shows the business from admin-auth's
 * event-fed figures. Bookings are made and paid through the API as customers would, more quotes are
 * priced than booked, and the panel must show exactly those figures (bookings, booked value, first
 * payments, conversion); then a picture of it at desktop and phone width in both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  formatPence,
  poundsToPence,
  shareOfPence,
  type BookingQuoteResponse,
  type BookingRecord,
} from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, type Api } from '../test/support/gateway-api.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { screenPath, settle, STAFF_TOKEN_KEY, VIEWPORT_THEMES } from './screens.js';

const addresses = [
  address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
  address('a2', 'London SE1, UK', '5 Borough High Street', 0),
];

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Prices the move (one complete quote), saves it and pays 30 % on the local checkout. */
async function bookAndPay(api: Api, name: string, daysAhead: number): Promise<BookingRecord> {
  const priced = await api<BookingQuoteResponse>(
    'POST',
    '/api/booking',
    completeBooking(daysAheadAtUtc(new Date(), daysAhead, 10), {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      addresses,
    }),
  );
  expect(priced.status).toBe(200);
  const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', { quote: priced.body.quote });
  expect(saved.status).toBe(201);
  const record = saved.body.data;
  await payOnLocalCheckout(api, { ...record.quote, randomNumber: record.randomNumber, percentage: 30 });
  await until(
    `booking ${record.randomNumber} paid`,
    async () =>
      (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).body[0]
        ?.paymentStatus,
    (s) => s === '30percentage',
  );
  return record;
}

describe('the staff dashboard charts the business', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let token: string;
  let records: BookingRecord[];

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' } as Record<
      string,
      string
    >);
    const api = apiClient(() => running.product.url);
    const name = 'Bea_Business';
    const password = 'business-password-1';
    expect(
      (
        await api('POST', '/api/account/register', {
          name,
          password,
          password1: password,
          uniquecode: running.product.env.ADMIN_SIGNUP_CODE,
        })
      ).status,
    ).toBe(201);
    token = (await api<{ token: string }>('POST', '/api/account/login', { username: name, password })).body.token;
    records = [await bookAndPay(api, 'Bob Booker', 3), await bookAndPay(api, 'Cat Booker', 4)];
    // Two more complete quotes that are never booked: 2 bookings from 4 quotes.
    for (const who of ['Quin Quoter', 'Quil Quoter']) {
      expect(
        (
          await api(
            'POST',
            '/api/booking',
            completeBooking(daysAheadAtUtc(new Date(), 5, 10), { name: who, email: 'q@example.com', addresses }),
          )
        ).status,
      ).toBe(200);
    }
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it.each(VIEWPORT_THEMES)(
    '$viewport.name, $theme theme: the figures made in the test, then a picture',
    async ({ viewport, theme }) => {
      const totalPence = records.reduce((n, r) => n + poundsToPence(r.quote.totalPrice), 0);
      const depositsPence = records.reduce((n, r) => n + shareOfPence(poundsToPence(r.quote.totalPrice), 30), 0);
      const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
      await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [STAFF_TOKEN_KEY, token] as const);
      const page = await context.newPage();
      try {
        await page.goto(`${running.product.url}/admin/dashboard`);
        const panel = page.getByTestId('business-panel');
        // The quote tally reaches the figures within a flush (2 s): reload until it has.
        await expect
          .poll(
            async () => {
              if (!(await panel.isVisible()) || (await page.getByTestId('business-conversion').textContent()) !== '50%')
                await page.reload();
              return page
                .getByTestId('business-conversion')
                .textContent({ timeout: 10_000 })
                .catch(() => null);
            },
            { timeout: 45_000 },
          )
          .toBe('50%');
        expect(await page.getByTestId('business-bookings').textContent()).toBe('2');
        expect(await page.getByTestId('business-revenue').textContent()).toBe(formatPence(totalPence));
        expect(await page.getByTestId('business-conversion-detail').textContent()).toBe('2 of 4 quotes');
        expect(await page.getByTestId('business-jobs-waiting').textContent()).toBe('0');
        expect(await page.getByTestId('business-open-chats').textContent()).toBe('0');
        // The charts' text equivalents: today's row of each table, and the money caption.
        const todayRow = page.getByTestId('business-bookings-chart').locator('tbody tr').last();
        expect(await todayRow.locator('td').allTextContents()).toEqual(['2', formatPence(totalPence)]);
        expect(await page.getByTestId('business-money-chart').locator('figcaption').textContent()).toContain(
          `deposits ${formatPence(depositsPence)}`,
        );
        // Both jobs were offered to their drivers: their hours are booked in the next four weeks.
        await expect
          .poll(
            async () =>
              (
                await page.getByTestId('business-drivers-chart').locator('tbody tr td:first-of-type').allTextContents()
              ).reduce((n, t) => n + Number.parseFloat(t), 0),
            POLL,
          )
          .toBeGreaterThan(0);
        expect(await page.locator('.business-chart svg.recharts-surface').count()).toBeGreaterThanOrEqual(3);

        const toggle = page.getByRole('button', { name: /night mode|day mode/i });
        if (((await toggle.getAttribute('aria-pressed')) === 'true' ? 'dark' : 'light') !== theme) await toggle.click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(theme);
        await page.mouse.move(0, 0);
        await settle(page);
        await screenshot(page, screenPath('admin-business-panel', viewport, theme));
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
