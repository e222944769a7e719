/**
 * Other days, same move: once a dated quote is in, the booking form shows the days either side under
 * the moving date with what each costs against the day quoted; choosing one quotes that day, whose
 * price is the one the strip named. At a phone's width by day and by night, and at a desktop's.
 */
import { describe, expect, it } from 'vitest';
import { POLL, useProductAndBrowser, windowShot } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { expectNoSeriousAxeFindings } from './axe-check.js';
import { setTheme, type Theme } from './screens.js';

describe('flexible dates under the moving date', () => {
  const ctx = useProductAndBrowser();

  const cases: { width: number; theme: Theme }[] = [
    { width: 390, theme: 'light' },
    { width: 390, theme: 'dark' },
    { width: 1280, theme: 'light' },
  ];
  for (const { width, theme } of cases) {
    it(`at ${width} px, ${theme}: shows the days either side and quotes the one chosen at the price it named`, async () => {
      const page = await ctx.browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
      try {
        await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
        await setTheme(page, theme);
        await fillMove(page, 'Flo Flexible');
        await page.getByRole('button', { name: 'Get Free Quote' }).click();
        const popup = page.getByRole('dialog', { name: 'Your quotes' });
        await popup.getByTestId('offer').first().waitFor();
        await popup.getByRole('button', { name: 'Close' }).click();

        const strip = page.getByTestId('flexible-dates');
        await strip.waitFor();
        const days = strip.getByRole('button');
        // The days still to come: the 7 after at least (days gone by are left out).
        expect(await days.count()).toBeGreaterThanOrEqual(7);
        expect(await days.count()).toBeLessThanOrEqual(14);
        // Every day says what it costs against the day quoted, or that nobody is free.
        for (const text of await days.allInnerTexts())
          expect(text).toMatch(/(£[\d,.]+ (less|more)|Same price|No driver free)$/);
        await expectNoSeriousAxeFindings(page, `the strip at ${width} px, ${theme}`);
        // The days scroll inside the strip: nothing is wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await windowShot(page, `flexible-dates-${width}-${theme}`);

        // The first day someone is free: its price, then a quote for it.
        const day = days.and(page.locator(':enabled')).last();
        const label = (await day.getAttribute('aria-label')) ?? '';
        const price = /: (£[\d,.]+),/.exec(label)?.[1];
        expect(price, label).toBeDefined();
        await day.click();
        await popup.getByTestId('offer').first().waitFor();
        await expect.poll(() => popup.innerText(), POLL).toContain(price!);
      } finally {
        await page.close();
      }
    });
  }
});
