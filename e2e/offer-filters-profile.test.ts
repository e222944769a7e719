/**
 * The offers a customer compares: filters asked of the server, the known charges on the day shown
 * on the offer itself, and a driver's profile opened from an offer; at a phone's and a desktop's
 * width, with axe on the popup as the customer leaves it.
 */
import { describe, expect, it } from 'vitest';
import { POLL, useProductAndBrowser, windowShot } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { expectNoSeriousAxeFindings } from './axe-check.js';

const ULEZ_LINE = '+ £12.50 ULEZ on the day';

describe('the offers: filters, charges on the day and driver profiles', () => {
  const ctx = useProductAndBrowser();

  for (const width of [390, 1280]) {
    it(`at ${width} px: filters to ULEZ-compliant vans, sees the charge on the day, opens a driver's profile`, async () => {
      // bypassCSP: the product's CSP rightly refuses injected scripts such as axe itself.
      const page = await ctx.browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
      try {
        await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
        await page.getByRole('radio', { name: /Luton/ }).check({ force: true });
        await fillMove(page, 'Fay Filter');
        await page.getByRole('button', { name: 'Get Free Quote' }).click();
        const popup = page.getByRole('dialog', { name: 'Your quotes' });
        const offers = popup.getByTestId('offer');
        await offers.first().waitFor();

        // Dave Wilson's van is not ULEZ compliant: his offer says so on its face, with the amount.
        const dave = offers.filter({ hasText: 'Dave Wilson' });
        await expect.poll(() => dave.count(), POLL).toBe(1);
        expect(await dave.getByTestId('offer-on-the-day').allInnerTexts()).toContain(ULEZ_LINE);
        const before = await offers.count();

        // Only ULEZ-compliant vans: the server answers without him, and no offer carries the charge.
        const filters = popup.getByRole('group', { name: 'Filter offers' });
        await filters.getByLabel('ULEZ-compliant vans only').check();
        await expect.poll(() => dave.count(), POLL).toBe(0);
        expect(await offers.count()).toBe(before - 1);
        expect(await popup.innerText()).not.toContain(ULEZ_LINE);

        // A price nobody can meet: the empty state, and a way back.
        await filters.getByLabel('Price in all').selectOption('100');
        await popup.getByText('No offers match these filters.').waitFor();
        await popup.getByRole('button', { name: 'Clear filters' }).click();
        await expect.poll(() => offers.count(), POLL).toBe(before);
        expect(await filters.getByLabel('ULEZ-compliant vans only').isChecked()).toBe(false);

        // The driver's profile, read when opened.
        await dave.scrollIntoViewIfNeeded();
        await windowShot(page, `offers-charge-on-the-day-${width}`);
        const first = offers.first();
        const name = (await first.locator('h3').innerText()).trim();
        await first.getByRole('button', { name: `View ${name}'s profile` }).click();
        const profile = first.getByTestId('driver-profile');
        await profile.getByText('What customers say').waitFor();
        expect(await profile.innerText()).toContain(name);
        expect(await profile.innerText()).toMatch(/Works from \S+/);
        expect(await profile.innerText()).not.toMatch(/@|07700/);
        await profile.scrollIntoViewIfNeeded();
        await windowShot(page, `offers-driver-profile-${width}`);
        await expectNoSeriousAxeFindings(page, `the quotes popup at ${width} px`);
        // Nothing wider than the screen on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await page.close();
      }
    });
  }
});
