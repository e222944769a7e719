import { describe, expect, it } from 'vitest';
import { useProductAndBrowser } from './harness.js';

describe('web app served by the embedded product', () => {
  const ctx = useProductAndBrowser();

  it('renders the home page and deep links fall back to the app', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.product.url}/retrieve/123`);
    await expect(page.locator('#root')).toBeDefined();
    expect(await page.title()).toContain('VanHop');
    await page.close();
  });
});
