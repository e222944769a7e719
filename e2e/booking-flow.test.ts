import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';
import { fillMove, pickAddress, pickFirstMovingTime, searchMove } from './booking-steps.js';

/** Resolves with the next alert's text and accepts it. */
const nextAlert = (page: Page) =>
  new Promise<string>((resolve) =>
    page.once('dialog', (d: Dialog) => void d.accept().then(() => resolve(d.message()))),
  );

describe('a new customer books a move', () => {
  const ctx = useProductAndBrowser();

  it('searches, adds a via stop, compares offers, saves for later, retrieves by code and pays 30% locally', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const base = ctx.product.url;

    await page.goto(`${base}/`);
    await page.locator('#quotesearch').waitFor();
    await screenshot(page, 'home');
    await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);

    // the move: a via stop moved to E1 with the autocomplete, stairs, hours, date, description, about you
    await page.getByRole('button', { name: '+ add stop' }).click();
    const via = page.getByTestId('via-stop');
    await expect.poll(() => via.count(), POLL).toBe(1);
    await pickAddress(page, '[data-testid=via-stop] input[role=combobox]', 'E1', 'London E1, UK');
    await via.locator('input[id$="-address"]').fill('Unit 4, 20 Commercial Road');
    await via.locator('select').selectOption('1');
    await page.getByRole('radio', { name: /Luton/ }).check({ force: true });
    await page.locator('#collection_address').fill('12 Cricklewood Lane');
    await page.locator('#collection_stair').selectOption('2');
    await page.locator('#delivery_address').fill('5 Borough High Street');
    await page.locator('#delivery_stair').selectOption('0');
    await page.locator('#how_many_hour').selectOption({ label: '03hr:00Min' });
    await pickFirstMovingTime(page);
    await page.locator('#descriContent').fill('A double bed, a sofa and 20 boxes.');
    await page.locator('#name').fill('Alice Mover');
    await page.locator('#email').fill('alice@example.com');
    await page.locator('#phone').fill('07700900123');
    await screenshot(page, 'booking');

    // a reload keeps the move (sessionStorage)
    await page.reload();
    await page.locator('#collection_address').waitFor();
    expect(await page.locator('#collection_address').inputValue()).toBe('12 Cricklewood Lane');
    expect(await page.getByTestId('via-stop').count()).toBe(1);
    expect(await page.locator('[data-testid=via-stop] input[role=combobox]').inputValue()).toBe('London E1, UK');

    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    const popup = page.getByRole('dialog', { name: 'Your quotes' });
    await popup.waitFor();
    const offers = popup.getByTestId('offer');
    await offers.first().waitFor();
    expect(await offers.count()).toBeGreaterThan(0);
    const firstOffer = await offers.first().innerText();
    expect(firstOffer).toMatch(/£[\d,]+\.\d{2}/);
    expect(firstOffer).toContain('Luton');
    expect(firstOffer).toMatch(/per half hour/);
    await screenshot(page, 'quotes-popup');

    await offers
      .first()
      .getByRole('button', { name: /^Choose / })
      .click();
    const panel = page.getByRole('dialog', { name: 'Your quote' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Show More' }).click();
    await panel.getByRole('button', { name: 'Show Less' }).waitFor();

    // Book Now before choosing a share
    const missing = nextAlert(page);
    await panel.getByRole('button', { name: 'Book Now' }).click();
    expect(await missing).toBe('Please Choosea percetage option');

    const saved = nextAlert(page);
    await panel.getByRole('button', { name: 'SaveForLater' }).click();
    const thanks = await saved;
    expect(thanks).toContain('Thank you Alice Mover');
    const code = /retrieve code is (\d+)/.exec(thanks)?.[1];
    expect(code).toBeTruthy();
    await page.waitForURL(`${base}/`);

    // retrieve by code and pay 30% on the local test checkout
    await page.goto(`${base}/retrieve/${code}`);
    expect(await page.locator('#retrieve-code').inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Retrieve' }).click();
    await page.getByRole('heading', { name: 'Your quote' }).waitFor();
    expect(await page.locator('.retrieve-summary').innerText()).toContain('Alice Mover');
    await page.getByRole('radio', { name: /30%/ }).check();
    await screenshot(page, 'retrieve');
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.waitForURL(/local-checkout|checkout/);
    const paid = nextAlert(page);
    await page.locator('button.pay').click();
    expect(await paid).toBe('Payment Success');
    // Paid on the retrieve page: the same success page as Book Now, with the My move link.
    await page.waitForURL(/\/paymentbooking\/success/);
    await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
    expect(await page.getByRole('link', { name: 'View my move' }).getAttribute('href')).toMatch(/^\/mymove\/[^/]+$/);

    await page.goto(`${base}/retrieve/${code}`);
    await page.getByRole('button', { name: 'Retrieve' }).click();
    await page.getByText('You have Already paid for a 30 % deposit').waitFor();
    expect(await page.locator('.retrieve-paid').innerText()).toMatch(
      /outstanding balance of £[\d,]+\.\d{2} is paid to\s+the driver at the end of the job/,
    );
    await page.close();
  });

  it('Book Now pays 50% through the checkout and the success page confirms it; a failed checkout lands on /paymentbooking/fail', async () => {
    const page = await ctx.browser.newPage();
    const base = ctx.product.url;
    page.on('dialog', (d) => void d.dismiss());
    for (const outcome of ['pay', 'fail'] as const) {
      await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
      await fillMove(page);
      await page.getByRole('button', { name: 'Get Free Quote' }).click();
      const offer = page.getByRole('dialog', { name: 'Your quotes' }).getByTestId('offer').first();
      await offer.getByRole('button', { name: /^Choose / }).click();
      const panel = page.getByRole('dialog', { name: 'Your quote' });
      await panel.getByRole('radio', { name: /50%/ }).check();
      const half = (await panel.locator('label', { hasText: '50%' }).innerText()).match(/£([\d,]+\.\d{2})/)?.[1];
      await panel.getByRole('button', { name: 'Book Now' }).click();
      await page.waitForURL(/checkout/);
      expect(await page.locator('button.pay').innerText()).toContain(`£${half}`);
      await page.locator(outcome === 'pay' ? 'button.pay' : 'button.fail').click();
      if (outcome === 'pay') {
        await page.waitForURL(/\/paymentbooking\/success\?session_id=/);
        await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
        expect(await page.getByTestId('payment-status').innerText()).toBe('50 % deposit paid');
      } else {
        await page.waitForURL(/\/paymentbooking\/fail/);
        await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
        // The failed checkout sends the quote code back, and trying again opens that same quote
        const code = new URL(page.url()).searchParams.get('code');
        expect(code).toMatch(/^\d+$/);
        expect(await page.getByTestId('quote-code').innerText()).toBe(code);
        await page.getByRole('link', { name: 'Try again with my quote code' }).click();
        await page.waitForURL(`${base}/retrieve/${code}`);
        expect(await page.locator('#retrieve-code').inputValue()).toBe(code);
      }
    }
    await page.close();
  });

  it('shows the server text for an unknown code', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.product.url}/retrieve`);
    await page.locator('#retrieve-code').fill('9999999');
    await page.getByRole('button', { name: 'Retrieve' }).click();
    const error = page.locator('#retrieve-error');
    await error.waitFor();
    expect((await error.innerText()).length).toBeGreaterThan(3);
    await page.close();
  });
});
