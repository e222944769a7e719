/**
 * The review page's stars agree with the rating sent, in Chromium at 390 px: chosen by a tap, then
 * changed with the arrow keys, the stars drawn (filled, then hollow), the number beside them and the
 * rating posted are the same. Also in the forced colours of high-contrast mode, where every star is
 * drawn in one colour: the filled and hollow shapes still tell them apart. The review link's reads
 * are answered by the page's own route (the link's server side is walked in e2e/reviews.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';
import { expectAccessible } from './axe-check.js';

const LINK = {
  authorName: 'Grace M.',
  driverName: 'Ali Hassan',
  moveDate: '2026-02-25T10:00:00.000Z',
  submitted: false,
};

/** Answers the review link's reads; returns the bodies posted to it. */
async function fakeReviewLink(page: Page): Promise<unknown[]> {
  const posted: unknown[] = [];
  await page.route('**/api/reviews/link/v1.t', (route) => {
    if (route.request().method() !== 'POST') return route.fulfill({ json: LINK });
    posted.push(route.request().postDataJSON());
    return route.fulfill({ status: 201, json: { message: 'Thank you for your review!' } });
  });
  return posted;
}

describe('the review page rating agrees with its stars', () => {
  const ctx = useProductAndBrowser();

  it.each(['none', 'active'] as const)(
    'tap, arrow keys and the rating sent (forced colours %s)',
    async (forcedColors) => {
      const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.emulateMedia({ forcedColors });
      const posted = await fakeReviewLink(page);
      await page.goto(`${ctx.product.url}/review/v1.t`);
      const overall = page.getByRole('group', { name: 'Your overall rating' });
      const drawn = async () => (await overall.getByText(/^[★☆]$/).allInnerTexts()).join('');

      await overall.getByText('☆').nth(3).click();
      expect(await drawn()).toBe('★★★★☆');
      expect(await overall.getByTestId('rating-chosen').innerText()).toBe('4 out of 5');
      expect(await overall.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);

      await page.keyboard.press('ArrowLeft');
      await expect.poll(drawn, POLL).toBe('★★★☆☆');
      expect(await overall.getByTestId('rating-chosen').innerText()).toBe('3 out of 5');
      expect(await overall.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
      await screenshot(page, `screens/review-stars-forced-${forcedColors}-390`);

      await page.getByRole('button', { name: 'Submit review' }).click();
      await page.getByTestId('review-thanks').waitFor();
      expect(posted).toEqual([{ rating: 3, text: '', driverRating: null }]);
      await page.close();
    },
  );

  it('with a rating chosen, the page is accessible (axe)', async () => {
    await expectAccessible(
      ctx.browser,
      `${ctx.product.url}/review/v1.t`,
      async (page) => {
        const overall = page.getByRole('group', { name: 'Your overall rating' });
        await overall.getByText('☆').nth(3).click();
        await overall.getByTestId('rating-chosen').waitFor();
      },
      (page) => fakeReviewLink(page),
    );
  });
});
