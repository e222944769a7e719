/**
 * The customer's account in the browser, at 390 px: ask for a sign-in link, open it from the mail
 * outbox, sign in on the page's button, see My moves with the saved quote, and "Book this move
 * again" fills the booking form with the same stops, van and details and no date. The same link a
 * second time says it has expired or was already used. axe on the pages in both themes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CUSTOMER_ACCOUNT_MSG } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { devOutbox } from '../test/support/dev-outbox.js';
import { apiClient, priceAndSave } from '../test/support/gateway-api.js';
import { staffAuth } from '../test/support/staff.js';
import { expectAccessible } from './axe-check.js';
import { POLL, pageSettled, useProductAndBrowser } from './harness.js';

const EMAIL = 'again.in.browser@example.com';

describe('My moves by e-mail link, in the browser', () => {
  const ctx = useProductAndBrowser({ RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000' });
  const api = apiClient(() => ctx.product.url);
  const staff = () => staffAuth('Sam_Admin', { env: { JWT_SECRET: ctx.product.env.JWT_SECRET! } });
  const { outbox, mailText } = devOutbox(api, staff, () => ctx.product.bus);

  /** The sign-in link's path and fragment from the one sign-in mail to EMAIL. */
  async function mailedLink(): Promise<string> {
    let file = '';
    await expect
      .poll(async () => {
        file =
          (await outbox()).mails.find((m) => m.to === EMAIL && m.subject === 'Your VanHop sign-in link')?.file ?? '';
        return file !== '';
      }, POLL)
      .toBe(true);
    const link = /https?:\/\/\S+\/account\/sign-in#[\w-]{43}/.exec(await mailText(file))?.[0];
    expect(link).toBeTruthy();
    const { pathname, hash } = new URL(link!);
    return `${pathname}${hash}`;
  }

  const dark = async (page: Page) => page.getByRole('button', { name: /night mode/i }).click();

  it('link → My moves → Book this move again; the link works once; axe clean in both themes', async () => {
    await priceAndSave(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 5, 10), {
        email: EMAIL,
        vanSize: 'Luton',
        addresses: [
          address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
          address('a2', 'London SE1, UK', '5 Borough High Street', 0),
        ],
      }),
    );

    const browsing = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await browsing.newPage();
    page.setDefaultTimeout(45_000);
    try {
      await page.goto(`${ctx.product.url}/account`);
      await pageSettled(page);
      await page.getByLabel('E-mail address').fill(EMAIL);
      await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
      expect(await page.getByTestId('link-sent').textContent()).toContain(CUSTOMER_ACCOUNT_MSG.linkSent);

      const link = await mailedLink();
      await page.goto(`${ctx.product.url}${link}`);
      await pageSettled(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'My moves' }).waitFor();
      const item = page.getByRole('list', { name: 'Upcoming moves' }).getByTestId('my-moves-item');
      await expect.poll(() => item.count(), POLL).toBe(1);
      expect(await item.textContent()).toContain('Luton van');
      await page.getByText('12 Cricklewood Lane, London NW2, UK').waitFor();

      await item.getByRole('button', { name: 'Book this move again' }).click();
      await page.waitForURL(/\/booking$/);
      await expect.poll(() => page.locator('#collection_address').inputValue(), POLL).toBe('12 Cricklewood Lane');
      expect(await page.locator('#delivery_address').inputValue()).toBe('5 Borough High Street');
      expect(await page.locator('#email').inputValue()).toBe(EMAIL);
      expect(await page.locator('#moving_date').inputValue()).toBe('');

      // The same link again: used.
      await page.goto(`${ctx.product.url}${link}`);
      await pageSettled(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await page.getByTestId('link-expired').textContent()).toBe(CUSTOMER_ACCOUNT_MSG.linkExpired);
      await page.getByRole('link', { name: 'Send me a new link' }).waitFor();

      const token = await page.evaluate(() => window.localStorage.getItem('vanhop.customerToken'));
      expect(token).toMatch(/^[\w-]{43}$/);
      for (const theme of ['light', 'dark'] as const) {
        await expectAccessible(ctx.browser, `${ctx.product.url}/account`, async (p) => {
          if (theme === 'dark') await dark(p);
        });
        await expectAccessible(ctx.browser, `${ctx.product.url}${link}`, async (p) => {
          if (theme === 'dark') await dark(p);
          await p.getByRole('button', { name: 'Sign in' }).click();
          await p.getByTestId('link-expired').waitFor();
        });
        await expectAccessible(ctx.browser, `${ctx.product.url}/`, async (p) => {
          await p.evaluate((t) => window.localStorage.setItem('vanhop.customerToken', t), token!);
          await p.goto(`${ctx.product.url}/account/moves`);
          await p.getByTestId('my-moves-item').first().waitFor();
          if (theme === 'dark') await dark(p);
        });
      }
    } finally {
      await browsing.close();
    }
  });
});
