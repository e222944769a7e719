import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PaymentSuccessResponse } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../test/support/gateway-api.js';
import { pageSettled, useProductAndBrowser } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { startBackOffice, type BackOffice } from './back-office-data.js';
import { AREA_SCREENS } from './screen-list.js';
import { THEMES, openAreaScreen, visitorPage } from './screens.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2 A and AA rules) in the page and returns the serious and critical findings. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const summary = (vs: AxeViolation[]) =>
  vs.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}]`)
        .join(', ')}`,
  );

describe('accessibility (axe-core, WCAG 2 A/AA, serious and critical)', () => {
  const ctx = useProductAndBrowser();

  it.each([
    '/',
    '/services',
    '/contact',
    '/faq',
    '/terms',
    '/retrieve',
    '/checkareacover',
    '/man-and-van-croydon',
    '/admin/login',
    '/admin/register',
    '/mymove/not-a-real-link',
  ])('%s', async (route) => {
    // bypassCSP: the product's CSP rightly refuses injected scripts such as axe itself.
    const page = await ctx.browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
    page.setDefaultTimeout(45_000);
    try {
      await page.goto(`${ctx.product.url}${route}`);
      await page.locator('main, .admin-layout, #root > *').first().waitFor();
      await pageSettled(page);
      expect(summary(await seriousViolations(page))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each(['/', '/contact', '/faq'])('%s in the dark theme', async (route) => {
    const page = await ctx.browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
    page.setDefaultTimeout(45_000);
    try {
      await page.goto(`${ctx.product.url}${route}`);
      await page.locator('main').first().waitFor();
      await page.getByRole('button', { name: /night mode/i }).click();
      await pageSettled(page);
      expect(summary(await seriousViolations(page))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each(['light', 'dark'] as const)('/mymove/{token} of a paid booking, %s theme', async (theme) => {
    // A real link comes only from a real payment: save, pay 30 % on the local checkout, ask the success answer for it.
    const api = apiClient(() => ctx.product.url);
    const booking = completeBooking(daysAheadAtUtc(new Date(), 4, 10), {
      addresses: [
        address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
        address('a2', 'London SE1, UK', '5 Borough High Street', 0),
      ],
    });
    const { quote, record } = await priceAndSave(api, booking);
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.body.myMovePath).toMatch(/^\/mymove\//);

    const page = await ctx.browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
    page.setDefaultTimeout(45_000);
    try {
      await page.goto(`${ctx.product.url}${success.body.myMovePath}`);
      await page.getByTestId('move-status').waitFor();
      if (theme === 'dark') await page.getByRole('button', { name: /night mode/i }).click();
      // the confirmation step too: it is where the terms are read
      await page.getByRole('button', { name: 'Cancel my move' }).click();
      await page.getByRole('group', { name: 'Before you cancel' }).waitFor();
      await pageSettled(page);
      expect(summary(await seriousViolations(page))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.each(['light', 'dark'] as const)(
    'the booking form with its errors, the quotes popup and the chosen quote, %s theme',
    async (theme) => {
      const page = await ctx.browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
      page.setDefaultTimeout(45_000);
      try {
        await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
        if (theme === 'dark') await page.getByRole('button', { name: /night mode/i }).click();
        await page.getByRole('button', { name: 'Get Free Quote' }).click();
        await page.locator('.field-error').first().waitFor();
        await pageSettled(page);
        expect(summary(await seriousViolations(page))).toEqual([]);

        await fillMove(page);
        await page.getByRole('button', { name: 'Get Free Quote' }).click();
        const popup = page.getByRole('dialog', { name: 'Your quotes' });
        await popup.getByTestId('offer').first().waitFor();
        await pageSettled(page);
        expect(summary(await seriousViolations(page))).toEqual([]);

        await popup
          .getByTestId('offer')
          .first()
          .getByRole('button', { name: /^Choose / })
          .click();
        await page.getByRole('dialog', { name: 'Your quote' }).waitFor();
        await page.getByRole('button', { name: 'Compare all quotes' }).click();
        await popup.getByText('Your choice').waitFor();
        await pageSettled(page);
        expect(summary(await seriousViolations(page))).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('accessibility of every staff and driver screen (axe-core, WCAG 2 A/AA, serious and critical), day and night', () => {
  let office: BackOffice;
  beforeAll(async () => {
    office = await startBackOffice();
  });
  afterAll(async () => {
    await office?.stop();
  });

  // The same screens, in the same states, as e2e/screenshots-staff-driver.test.ts pictures.
  it.each(AREA_SCREENS.flatMap((screen) => THEMES.map((theme) => ({ screen, theme }))))(
    '$screen.name, $theme theme',
    async ({ screen, theme }) => {
      const page = await visitorPage(
        office.browser,
        office.data,
        screen.as,
        { width: 1200, height: 900 },
        { bypassCSP: true },
      );
      try {
        await openAreaScreen(page, office.base, screen, office.data, theme);
        expect(summary(await seriousViolations(page))).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
