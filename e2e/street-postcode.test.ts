/**
 * A street address that contradicts its place, in the browser at 390 px: the customer chose
 * "London NW2" and types a SE1 postcode in the collection's building address; the form says so
 * under the field (both themes, axe clean) and asks for no quote; a NW2 postcode is taken.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { streetPostcodeMessage } from '@vanhop/contracts';
import { POLL, shot, useProductAndBrowser } from './harness.js';
import { searchMove } from './booking-steps.js';
import { expectAccessible } from './axe-check.js';
import { screenPath, setTheme, settle, THEMES, VIEWPORTS } from './screens.js';

const PHONE = VIEWPORTS[1];
const WRONG = '12 Cricklewood Lane, SE1 9XX';

describe('a building address whose postcode is not in the chosen place (browser, 390 px)', () => {
  const ctx = useProductAndBrowser();

  const typeWrongPostcode = async (page: Page) => {
    await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await page.locator('#collection_address').fill(WRONG);
    await page.locator('#collection_address').blur();
    await page.locator('#collection_address-error').waitFor();
  };

  it('is refused under the field in plain words, and a postcode in the district is taken', async () => {
    const page = await ctx.browser.newPage({ viewport: PHONE });
    const priced: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/booking') priced.push(r.postData() ?? '');
    });
    await typeWrongPostcode(page);
    const message = streetPostcodeMessage('SE1 9XX', 'NW2');
    expect(await page.locator('#collection_address-error').innerText()).toBe(message);
    expect(await page.locator('#collection_address').getAttribute('aria-invalid')).toBe('true');
    for (const theme of THEMES) {
      if (theme === 'dark') await setTheme(page, 'dark');
      await page.locator('#collection_address').scrollIntoViewIfNeeded();
      await settle(page);
      await shot(page, screenPath('street-postcode', PHONE, theme));
    }

    // Get Free Quote asks for nothing while the address contradicts its place.
    const before = priced.length;
    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    await page.locator('#name-error').waitFor();
    expect(await page.locator('#collection_address-error').innerText()).toBe(message);
    expect(priced.length).toBe(before);

    await page.locator('#collection_address').fill('12 Cricklewood Lane, NW2 1HS');
    await page.locator('#collection_address').blur();
    await expect.poll(() => page.locator('#collection_address-error').count(), POLL).toBe(0);
    await page.close();
  });

  it.each(THEMES)('the refusal is accessible (%s)', async (theme) => {
    await expectAccessible(ctx.browser, `${ctx.product.url}/`, async (p) => {
      await typeWrongPostcode(p);
      if (theme === 'dark') await setTheme(p, 'dark');
    });
  });
});
