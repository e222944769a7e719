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

describe('the Instant Support button', () => {
  const ctx = useProductAndBrowser();

  it("is its icon alone on a phone (a thumb's width, not a third of the screen) and is never printed", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${ctx.product.url}/`);
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    const launcher = page.getByRole('button', { name: 'Instant Support' });
    const box = (await launcher.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(56);
    // A floating button covers whatever scrolls under it: on a phone it is a thumb-sized icon, no wider.
    expect(box.height).toBeLessThanOrEqual(56);
    await page.emulateMedia({ media: 'print' });
    expect(await launcher.isVisible()).toBe(false);
    await page.close();
  });
});

describe('the prerendered home page before the app has started', () => {
  const ctx = useProductAndBrowser();

  it('asks for nothing that is not there: every file the home page loads answers 2xx or 3xx', async () => {
    const page = await ctx.browser.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    });
    await page.goto(`${ctx.product.url}/`);
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    // The prerendered markup once named the hero image by its source path (/src/assets/...?no-inline).
    expect(await page.content()).not.toContain('/src/assets/');
    expect(failed).toEqual([]);
    await page.close();
  });

  it('keeps a postcode typed before the app took over and lets the visitor pick a suggestion for it', async () => {
    const page = await ctx.browser.newPage();
    // Hold the app's entry script back, as a slow phone would, until the visitor has typed.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${ctx.product.url}/`, { waitUntil: 'commit' });
    const pickup = page.locator('#pickup-postcode');
    await pickup.pressSequentially('NW2', { delay: 20 });
    expect(await page.locator('html[data-app="ready"]').count()).toBe(0);
    release();
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });

    expect(await pickup.inputValue()).toBe('NW2');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pickup-postcode');
    // The live search saw the text: its suggestions for NW2 open as if it had been typed after the start.
    const listId = await pickup.getAttribute('aria-controls');
    await page.locator(`[id="${listId}"] [role=option]`).first().waitFor({ state: 'visible' });
    await page.close();
  });
});
