import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, SERVICE_TITLES } from '@vanhop/contracts';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';

/** Chrome (nav, mobile menu, footer, theme) and the content pages, in the built app served by the embedded product. */
describe('site chrome and content pages', () => {
  const ctx = useProductAndBrowser();
  const open = async (route: string, viewport = { width: 1200, height: 900 }): Promise<Page> => {
    const page = await ctx.browser.newPage({ viewport });
    // The machine is shared: allow slow moments rather than fail on a busy CPU.
    page.setDefaultTimeout(45_000);
    await page.goto(`${ctx.product.url}${route}`);
    // Home and the landing pages arrive prerendered: until the app has started, their buttons do
    // nothing and links leave the page. Every test starts from the live app.
    await appStarted(page);
    return page;
  };
  const appStarted = (page: Page) => page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
  const footerPaddingBottom = (page: Page) => page.locator('footer').evaluate((f) => getComputedStyle(f).paddingBottom);
  const colours = (page: Page) =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return {
        bg: body.backgroundColor,
        text: body.color,
        box: getComputedStyle(document.documentElement).getPropertyValue('--box').trim(),
      };
    });

  it('starts in the light theme and the footer toggle switches to dark and back', async () => {
    const page = await open('/');
    await page.locator('#quotesearch').waitFor();
    // The theme is an attribute the app sets after a click: each reading waits for the colours to follow.
    await expect
      .poll(() => colours(page), POLL)
      .toEqual({ bg: 'rgb(255, 255, 255)', text: 'rgb(51, 51, 51)', box: '#8c8c8c' });
    await screenshot(page, 'home');
    await page.getByRole('button', { name: /Night mode/ }).click();
    await expect
      .poll(() => colours(page), POLL)
      .toEqual({ bg: 'rgb(85, 85, 85)', text: 'rgb(255, 255, 255)', box: '#d3d3d3' });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await screenshot(page, 'home-dark');
    await page.getByRole('button', { name: /Day mode/ }).click();
    await expect.poll(async () => (await colours(page)).bg, POLL).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  it('shows BOOK NOW and the footer contact links from /api/config everywhere but home and booking', async () => {
    const page = await open('/');
    await page.locator('#quotesearch').waitFor();
    expect(await page.getByRole('link', { name: 'BOOK NOW' }).count()).toBe(0);
    expect(await footerPaddingBottom(page)).toBe('0px');
    await page.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await page.getByRole('link', { name: 'BOOK NOW' }).waitFor();
    await expect.poll(() => footerPaddingBottom(page), POLL).toBe(`${Math.round(900 * 0.07 * 100) / 100}px`);
    expect(await page.getByRole('link', { name: '020 3000 0000' }).getAttribute('href')).toBe('tel:02030000000');
    expect(await page.getByRole('link', { name: 'hello@vanhop.example' }).getAttribute('href')).toBe(
      'mailto:hello@vanhop.example',
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', { name: /Back to top/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), POLL).toBe(0);
    await page.getByRole('link', { name: 'Get a quick quote' }).click();
    await page.waitForURL(/\/#quotesearch$/);
    await page.locator('#quotesearch').waitFor();
    await page.close();
  });

  it('opens and closes the menu on a 375 px screen without sideways scrolling', async () => {
    const page = await open('/services', { width: 375, height: 740 });
    const toggle = page.locator('.menu-toggle');
    const faqLink = page.getByRole('link', { name: 'FAQ', exact: true });
    await page.getByRole('heading', { name: 'Our services' }).waitFor();
    expect(await faqLink.isVisible()).toBe(false);
    expect(await toggle.textContent()).toBe('☰');
    await toggle.click();
    expect(await toggle.textContent()).toBe('✕');
    expect(await faqLink.isVisible()).toBe(true);
    await toggle.click();
    expect(await faqLink.isVisible()).toBe(false);
    await toggle.click();
    await faqLink.click();
    await page.waitForURL('**/faq');
    await expect.poll(() => toggle.textContent(), POLL).toBe('☰');
    expect(await page.getByRole('link', { name: 'SERVICES', exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('lists the 12 services with their detail links and the sticky quote link', async () => {
    const page = await open('/services');
    const cards = page.locator('.card');
    await cards.first().waitFor();
    expect(await cards.locator('h2').allTextContents()).toEqual([...SERVICE_TITLES]);
    expect(await cards.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      SERVICE_TITLES.map((t) => `/services/${t.replace(/ /g, '-')}`),
    );
    expect(await page.getByRole('link', { name: 'Get a Free Quote' }).getAttribute('href')).toBe('/');
    await page.getByRole('link', { name: 'Read more about Single Item Transportation' }).click();
    await page.waitForURL('**/services/Single-Item-Transportation');
    await page.getByRole('heading', { level: 1, name: 'Single Item Transportation' }).waitFor();
    await page.close();
  });

  it('opens one FAQ answer at a time', async () => {
    const page = await open('/faq');
    const questions = page.locator('.faq-question');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(22);
    await questions.nth(2).click();
    expect(await page.locator('.faq-answer').allTextContents()).toHaveLength(1);
    expect(await page.locator('.faq-answer').textContent()).toContain('add stop');
    await questions.nth(6).click();
    expect(await page.locator('.faq-answer').count()).toBe(1);
    expect(await page.locator('.faq-answer').textContent()).toContain('1 hour');
    await page.close();
  });

  it('shows every contact-form message for its bad input, then sends the message and goes home', async () => {
    const page = await open('/contact');
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    const errors = () => page.locator('.field-error').allTextContents();
    const m = MSG.contact;
    await page.locator('.field-error').first().waitFor();
    expect(await errors()).toEqual([
      m.nameRequired,
      m.emailRequired,
      m.phoneRequired,
      m.titleRequired,
      m.messageRequired,
      m.agree,
    ]);

    await page.getByLabel('Name').fill('Jo');
    await page.getByLabel('E-mail').fill('jo@');
    // Spaces are fine (the number is normalised first); letters are not.
    await page.getByLabel('Phone').fill('020 3000 ext');
    await page.getByLabel('Title').fill('Quote for a piano');
    await page.getByLabel('Message').fill('Can you move an upright piano from Cricklewood to Hove?');
    await page.getByRole('checkbox').check();
    await send.click();
    await page.getByText(m.nameMin).waitFor();
    expect(await errors()).toEqual([m.nameMin, m.emailInvalid, m.phoneDigits]);

    await page.getByLabel('Name').fill('Joanna Ellis');
    await page.getByLabel('E-mail').fill('joanna@example.com');
    await page.getByLabel('Phone').fill('07700900321');
    // Accept the alert as soon as it opens so that no browser action waits behind it.
    let alertText = '';
    page.once('dialog', (dialog) => {
      alertText = dialog.message();
      void dialog.accept();
    });
    await send.click();
    await expect.poll(() => alertText, { timeout: 30_000 }).toMatch(/thank you/i);
    await page.waitForURL(`${ctx.product.url}/`);

    // The message really went through: the office e-mail lands in the product's outbox.
    const outbox = path.join(ctx.dataDir, 'outbox');
    await expect
      .poll(() => {
        try {
          return readdirSync(outbox).some((f) =>
            readFileSync(path.join(outbox, f), 'utf8').includes('Quote for a piano'),
          );
        } catch {
          return false;
        }
      }, POLL)
      .toBe(true);
    await page.close();
  });

  it('shows the 404 page for unknown landing ids and unknown paths', async () => {
    for (const route of [
      '/man-and-van-atlantis',
      '/piano-tuning-bromley',
      '/services/Piano-Tuning',
      '/some/deep/path',
    ]) {
      const page = await open(route);
      await page.getByRole('heading', { name: MSG.notFound.title }).waitFor();
      expect(await page.getByText(MSG.notFound.body).isVisible()).toBe(true);
      if (route === '/man-and-van-atlantis') {
        await page.getByRole('button', { name: MSG.notFound.button }).click();
        await page.waitForURL(`${ctx.product.url}/`);
      }
      await page.close();
    }
  });

  it('shows a local landing page with two Book Now links and the place on the map', async () => {
    const page = await open('/removals-service-abbey-wood');
    expect(await page.locator('h1').textContent()).toBe('Removals Service in Abbey Wood');
    const bookNow = page.getByRole('link', { name: 'Book Now', exact: true });
    expect(await bookNow.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/?from=Abbey%20Wood',
      '/?from=Abbey%20Wood',
    ]);
    const map = page.getByRole('img', { name: 'Map of Abbey Wood' });
    await map.waitFor();
    expect(await page.locator('[data-map-engine="offline"]').evaluate((el) => el.getBoundingClientRect().height)).toBe(
      400,
    );
    expect(await page.getByTestId('map-marker').count()).toBe(1);

    // Book Now carries the place into the search: the pickup starts from it and offers it to pick.
    await bookNow.first().click();
    await page.waitForURL(/\/\?from=Abbey%20Wood$/);
    const pickup = page.locator('#pickup-postcode');
    await expect.poll(() => pickup.inputValue(), POLL).toBe('Abbey Wood');
    await pickup.focus();
    const listId = await pickup.getAttribute('aria-controls');
    await page
      .locator(`[id="${listId}"] [role=option]`, { hasText: 'Abbey Wood' })
      .first()
      .waitFor({ state: 'visible' });
    await page.close();
  });

  it('draws the coverage map: offline without a key, the maps error when the Google script cannot load', async () => {
    const page = await open('/checkareacover');
    await page.getByTestId('coverage-circle').waitFor();
    const frameHeight = await page
      .locator('[data-map-engine="offline"]')
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(frameHeight).toBeCloseTo(900 * 0.7, 0);
    expect(await page.getByTestId('map-marker').count()).toBe(1);
    await screenshot(page, 'coverage-offline');
    await page.close();

    // With a browser key configured the page loads Google's script; here it is blocked (tests never reach Google).
    const keyed = await ctx.browser.newPage();
    await keyed.route('**/api/config', (route) =>
      route.fulfill({ json: { googleMapsKey: 'test-key', phone: '020 3000 0000', email: 'hello@vanhop.example' } }),
    );
    await keyed.route('https://maps.googleapis.com/**', (route) => route.abort());
    await keyed.goto(`${ctx.product.url}/checkareacover`);
    await keyed.getByText(MSG.maps.error).waitFor();
    await keyed.close();
  });
});
