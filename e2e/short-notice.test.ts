/**
 * The short-notice fee is said where the time is chosen: in Chromium against the embedded product,
 * at 390 and 1280 px, with the browser's clock at 07:28 in London, the booking page's date picker
 * marks the first times of the day (09:00 to 09:15, within 2 hours) "short notice" and notes the
 * fee; later times and later days carry no mark. Axe clean with the picker open.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { londonTime, londonClock } from '@vanhop/contracts';
import { screenshot, useProductAndBrowser } from './harness.js';
import { searchMove } from './booking-steps.js';
import { expectAccessible } from './axe-check.js';

/** 07:28 in London on a day next week (the server's own clock is not moved: only what the picker offers). */
function morningNextWeek(): Date {
  const d = londonClock(new Date(Date.now() + 7 * 86_400_000));
  return new Date(londonTime(d.year, d.month, d.day, 7).getTime() + 28 * 60_000);
}

describe('the date picker says which times carry the short-notice fee', () => {
  const ctx = useProductAndBrowser();

  async function openPickerAt0728(page: Page) {
    await page.clock.setFixedTime(morningNextWeek());
    await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await page.locator('#moving_date').click();
    const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
    await dialog.locator('.dtp-day:not([disabled])').first().click();
    return dialog;
  }

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])('at 07:28 the first times say "short notice" and the note names the fee ($width px)', async (viewport) => {
    const page = await ctx.browser.newPage({ viewport });
    const dialog = await openPickerAt0728(page);
    const times = await dialog.getByRole('option').allInnerTexts();
    expect(times[0]).toMatch(/^09:00\s*·\s*short notice$/);
    expect(times.filter((t) => t.includes('short notice'))).toHaveLength(2);
    expect(times[2]).toBe('09:30');
    expect(await dialog.getByTestId('short-notice-hint').innerText()).toBe(
      'Times marked "short notice" start within 2 hours: most drivers add a £20.00 short-notice fee, shown in each quote.',
    );
    // The whole picker fits the screen: no sideways scrolling on a phone.
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `screens/date-picker-short-notice-${viewport.width}`);
    // The next day starts at 06:00 with no mark.
    await dialog.locator('.dtp-day:not([disabled])').nth(1).click();
    expect((await dialog.getByRole('option').allInnerTexts()).some((t) => t.includes('short notice'))).toBe(false);
    await page.close();
  });

  it('the open picker with its note is accessible (axe)', async () => {
    await expectAccessible(
      ctx.browser,
      `${ctx.product.url}/`,
      async (page) => {
        await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
        await page.locator('#moving_date').click();
        const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
        await dialog.locator('.dtp-day:not([disabled])').first().click();
        await dialog.getByTestId('short-notice-hint').waitFor();
      },
      (page) => page.clock.setFixedTime(morningNextWeek()),
    );
  });
});
