/**
 * A screenshot of every customer screen at desktop (1280) and phone (390) width, in
 * the day and the night theme, written to test-artifacts/screens/<screen>-<width>-<theme>.png for a
 * person to review. Each screen is also waited on by what a customer would see first, so a screen that
 * no longer renders fails here instead of silently producing a blank picture.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PaymentSuccessResponse } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../test/support/gateway-api.js';
import { pageSettled, shot, useProductAndBrowser, windowShot } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { WALKED_VIEWPORT_THEMES, open, screenPath, setTheme } from './screens.js';

describe('screenshots of every customer screen (desktop and phone, day and night)', () => {
  const ctx = useProductAndBrowser();

  it.each(WALKED_VIEWPORT_THEMES)('$viewport.name, $theme theme', async ({ viewport, theme }) => {
    const base = ctx.product.url;
    const api = apiClient(() => base);
    // A saved quote to retrieve, and a paid one for the success page and My move.
    const booking = completeBooking(daysAheadAtUtc(new Date(), 5, 10), {
      addresses: [
        address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
        address('a2', 'London SE1, UK', '5 Borough High Street', 0),
      ],
    });
    const saved = await priceAndSave(api, booking);
    const paidQuote = await priceAndSave(api, booking);
    const { checkout } = await payOnLocalCheckout(api, {
      ...paidQuote.quote,
      randomNumber: paidQuote.record.randomNumber,
      percentage: 30,
    });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });

    const page = await ctx.browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    page.setDefaultTimeout(45_000);
    page.on('dialog', (d) => void d.accept());
    const name = (screen: string) => screenPath(screen, viewport, theme);
    const main = (p: Page) => p.locator('main h1').first().waitFor();
    // the map is a lazy chunk: wait until it has drawn (or said why it cannot)
    const withMap = async (p: Page) => {
      await main(p);
      await expect
        .poll(() => p.locator('.map-frame .map-status', { hasText: 'Loading' }).count(), { timeout: 20_000 })
        .toBe(0);
    };
    try {
      const pages: [string, string, (p: Page) => Promise<unknown>][] = [
        ['home', '/', (p) => p.locator('#quotesearch .quote-search').waitFor()],
        ['booking-entry', '/booking', main],
        ['services', '/services', main],
        ['service-detail', '/services/House-or-Apartment-Moves', main],
        ['contact', '/contact', main],
        ['faq', '/faq', main],
        ['coverage', '/checkareacover', withMap],
        ['landing', '/man-and-van-croydon', withMap],
        ['terms', '/terms', main],
        ['payment-success', `/paymentbooking/success?session_id=${encodeURIComponent(checkout.body.sessionId)}`, main],
        ['payment-fail', `/paymentbooking/fail?code=${saved.record.randomNumber}`, main],
        ['my-move', success.body.myMovePath!, (p) => p.getByTestId('move-status').waitFor()],
        ['not-found', '/no-such-page/at-all', main],
      ];
      for (const [screen, path, ready] of pages) {
        await open(page, `${base}${path}`, theme, ready);
        await shot(page, name(screen));
      }

      // retrieve: the code form, then the quote it finds
      await open(page, `${base}/retrieve/${saved.record.randomNumber}`, theme, (p) =>
        p.getByRole('button', { name: 'Retrieve' }).waitFor(),
      );
      await shot(page, name('retrieve'));
      await page.getByRole('button', { name: 'Retrieve' }).click();
      await page.getByRole('heading', { name: 'Your quote' }).waitFor();
      await page.getByRole('radio', { name: /30%/ }).check();
      await shot(page, name('retrieve-quote'));

      // the booking form: empty submit (errors beside the fields), filled, the quotes and the chosen quote
      await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
      await setTheme(page, theme);
      await page.getByRole('button', { name: 'Get Free Quote' }).click();
      await page.locator('.field-error').first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('collection_address');
      await shot(page, name('booking-errors'));
      await fillMove(page);
      await shot(page, name('booking-filled'));
      await page.getByRole('button', { name: 'Get Free Quote' }).click();
      const popup = page.getByRole('dialog', { name: 'Your quotes' });
      await popup.getByTestId('offer').first().waitFor();
      await pageSettled(page); // the popup's opening transition done
      await windowShot(page, name('quotes-popup'));
      await popup
        .getByTestId('offer')
        .first()
        .getByRole('button', { name: /^Choose / })
        .click();
      const panel = page.getByRole('dialog', { name: 'Your quote' });
      await panel.waitFor();
      await panel.getByRole('radio', { name: /50%/ }).check();
      await windowShot(page, name('quote-panel'));
      await panel.getByRole('button', { name: 'Compare all quotes' }).click();
      await popup.getByText('Your choice').waitFor();
      await windowShot(page, name('quotes-popup-chosen'));
    } finally {
      await page.close();
    }
  });
});
