/**
 * Going back from a checkout to choose another driver must not lock the customer out for half an
 * hour: in Chromium against the embedded product, at 390 and 1280 px, a customer with quotes saved
 * for three drivers opens checkouts for two on the retrieve page (going back each time), is refused
 * the third by the limit on unpaid checkouts in its own words, and is offered to release their own
 * there and then (proved by what their tab kept); releasing frees the two drivers and goes on to the
 * third's checkout. Axe clean.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BookingQuoteResponse, BookingRecord } from '@vanhop/contracts';
import { completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { apiClient, quoteForOffer, type Api } from '../test/support/gateway-api.js';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';
import { expectAccessible } from './axe-check.js';

const RELEASE_BUTTON = 'Release my open checkouts and book this one';

describe('no lockout after going back from a checkout to choose another driver', () => {
  const ctx = useProductAndBrowser();
  let api: Api;
  beforeAll(() => {
    api = apiClient(() => ctx.product.url);
  });

  /** Three quotes saved for three drivers of one move, under one e-mail: their retrieve codes. */
  async function saveThree(email: string, daysAhead: number): Promise<number[]> {
    const priced = await api<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(daysAheadAtUtc(new Date(), daysAhead, 10), { email }),
    );
    expect(priced.status).toBe(200);
    const codes: number[] = [];
    for (const offer of priced.body.offers.slice(0, 3)) {
      const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', {
        quote: quoteForOffer(priced.body, offer),
      });
      expect(saved.status).toBe(201);
      codes.push(saved.body.data.randomNumber);
    }
    return codes;
  }

  /** The retrieve page for `code`, 30 %, Pay. */
  async function pay(page: Page, code: number) {
    await page.goto(`${ctx.product.url}/retrieve/${code}`);
    await page.getByRole('button', { name: 'Retrieve' }).click();
    await page.getByRole('radio', { name: /^30%/ }).check();
    await page.getByRole('button', { name: /^Pay £/ }).click();
  }

  /** Two checkouts opened and left (back each time), then the third refused. */
  async function lockedOut(page: Page, codes: number[], open = '2') {
    for (const code of codes.slice(0, 2)) {
      await pay(page, code);
      await page.waitForURL(/local-checkout/);
      await page.goBack();
    }
    await pay(page, codes[2]!);
    await expect
      .poll(() => page.locator('.retrieve-pay [role=alert]').innerText(), POLL)
      .toMatch(
        new RegExp(
          `^You already have ${open} moves waiting for payment\\. Finish paying one of them, or try again in \\d+ minutes?`,
        ),
      );
  }

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])(
    'the third is offered the release of the customer’s own checkouts, and goes on to pay ($width px)',
    async (viewport) => {
      const codes = await saveThree(`lee.lockout.${viewport.width}@example.com`, viewport.width === 390 ? 5 : 6);
      const page = await ctx.browser.newPage({ viewport });
      await lockedOut(page, codes);
      const offer = page.getByTestId('release-own-checkouts');
      await offer.waitFor();
      expect(await offer.innerText()).toContain('Some of those checkouts were opened on this device');
      await screenshot(page, `screens/checkout-release-own-${viewport.width}`);
      await offer.getByRole('button', { name: RELEASE_BUTTON }).click();
      await page.waitForURL(/local-checkout/);
      expect(await page.locator('body').innerText()).toContain(`booking ${codes[2]}`);
      await page.close();
    },
  );

  it('the offer is accessible (axe)', async () => {
    const codes = await saveThree('ada.axe@example.com', 7);
    await expectAccessible(ctx.browser, `${ctx.product.url}/`, async (page) => {
      // The earlier tests' checkouts still open from this client count towards its own limit (4).
      await lockedOut(page, codes, '\\d');
      await page.getByTestId('release-own-checkouts').waitFor();
    });
  });
});
