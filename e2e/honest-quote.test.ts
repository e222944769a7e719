/**
 * In the browser, as a new customer meets it:
 * - the booked hours must cover the drive: the Manchester move refuses 2 hours under the hour
 *   select, one click books the suggested hours, and every offer shows the estimate;
 * - the item list: items → van and hours suggestion → booking → the driver's mail → My move;
 * - a cancelled booking never reads as paid (retrieve, My move, the success page opened again);
 * - the customer's own unpaid checkout does not take their driver away from them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';
import { bookAndPay, pickDay, pickFirstMovingTime, searchMove, waitForStatus } from './booking-steps.js';
import { waitForMail } from './outbox-mail.js';

/** The rest of the form after the search: addresses, stairs, hours, date, about you. */
async function fillAbout(page: Page, hours: string, who: { name: string; email: string }): Promise<void> {
  await page.locator('#collection_address').fill('12 Cricklewood Lane');
  await page.locator('#collection_stair').selectOption('0');
  await page.locator('#delivery_address').fill('9 Far Road');
  await page.locator('#delivery_stair').selectOption('0');
  await page.locator('#how_many_hour').selectOption({ label: hours });
  await pickFirstMovingTime(page);
  await page.locator('#descriContent').fill('Flat contents.');
  await page.locator('#name').fill(who.name);
  await page.locator('#email').fill(who.email);
  await page.locator('#phone').fill('07700 900456');
}

const offersOf = (page: Page) => page.getByRole('dialog', { name: 'Your quotes' }).getByTestId('offer');

describe('the honest quote in the browser', () => {
  const ctx = useProductAndBrowser();

  it('the Manchester move: 2 hours are refused under the hour select, one click books the suggestion, every offer shows the estimate; the item list reaches the driver and My move', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    await searchMove(page, base, ['NW2', 'London NW2, UK'], ['M1', 'Manchester M1, UK']);
    await fillAbout(page, '02hr:00Min', { name: 'Mia Manchester', email: 'mia.manchester@example.com' });
    // A long day's work: start at 08:00 so the drivers' working day covers it.
    await pickDay(page, '#moving_date', 3, '08:00');

    // What is moving: a bed, two wardrobes, 30 boxes and one thing of the customer's own.
    await page.getByLabel('Double bed: how many').fill('1');
    await page.getByLabel('Wardrobe: how many').fill('2');
    await page.getByLabel('Moving box: how many').fill('30');
    await page.locator('#items-extra-name').fill('Piano stool');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const suggestion = page.getByTestId('items-suggestion');
    await expect.poll(() => suggestion.innerText(), POLL).toContain('6.9 m³');
    expect(await suggestion.innerText()).toMatch(/fits a Large van/);
    await screenshot(page, 'screens/booking-items');

    // 2 hours cannot cover a drive of several hours: said under the hour select, nothing priced.
    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    const hourError = page.locator('#how_many_hour-error');
    await hourError.waitFor();
    expect(await hourError.innerText()).toMatch(/^2 h cannot cover this move: the drive alone takes about \d+ h/);
    expect(await page.getByRole('dialog', { name: 'Your quotes' }).count()).toBe(0);
    const estimate = page.getByTestId('job-estimate').first();
    await estimate.waitFor();
    expect(await estimate.innerText()).toMatch(/driving \+ .* loading and unloading = \d+ h( \d+ min)? suggested/);
    // Leaving the select (a blur re-validates the form) keeps the server's refusal in place.
    await page.locator('#descriContent').focus();
    expect(await hourError.innerText()).toMatch(/cannot cover this move/);
    await screenshot(page, 'screens/booking-hours-refused');

    // One click books the suggested hours and prices the move.
    const use = page.getByRole('button', { name: /^Book \d+ h( \d+ min)? instead$/ }).first();
    const suggested = (await use.innerText()).replace(/^Book | instead$/g, '');
    await use.click();
    const offers = offersOf(page);
    await offers.first().waitFor();
    const count = await offers.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const text = await offers.nth(i).getByTestId('job-estimate').innerText();
      expect(text).toContain(`= ${suggested} suggested`);
    }
    await screenshot(page, 'screens/quotes-popup-estimate');

    // Book it: the item list goes with the booking.
    const first = offers.first();
    const driverName = (await first.locator('h3').innerText()).trim();
    await first.getByRole('button', { name: /^Choose / }).click();
    const panel = page.getByRole('dialog', { name: 'Your quote' });
    expect(await panel.getByTestId('job-estimate').innerText()).toContain(`= ${suggested} suggested`);
    await panel.getByRole('radio', { name: /^30%/ }).check();
    await panel.getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(/local-checkout/);
    const code = (await page.locator('body').innerText()).match(/booking (\d+)/)![1]!;
    await page.locator('button.pay').click();
    await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
    // The success page shows the whole move: every stop, the hours, the total and the driver.
    const summary = await page.getByTestId('move-summary').innerText();
    expect(summary).toContain('Booked time');
    expect(summary).toMatch(/Total price\s+£[\d,]+\.\d{2}/);
    expect(await page.getByTestId('move-driver').innerText()).toBe(driverName);
    expect(await page.getByTestId('driver-standing').innerText()).toBe(
      `Booked: waiting for ${driverName} to accept. We will text and e-mail you when they do.`,
    );
    await screenshot(page, 'screens/payment-success-whole-move');

    const driverMail = await waitForMail(ctx.dataDir, (m) => (m.subject ?? '').startsWith(`New job ${code}:`));
    for (const line of ['1 × Double bed', '2 × Wardrobe', '30 × Moving box', '1 × Piano stool'])
      expect(driverMail.text).toContain(line);

    const href = (await page.getByRole('link', { name: 'View my move' }).getAttribute('href'))!;
    await page.goto(`${base}${href}`);
    await page.getByTestId('move-status').waitFor();
    const details = await page.locator('.mymove-grid').innerText();
    for (const line of ['1 × Double bed', '2 × Wardrobe', '30 × Moving box', '1 × Piano stool'])
      expect(details).toContain(line);
    await screenshot(page, 'screens/mymove-items');
    await page.close();
  }, 120_000);

  it('a booking cancelled in the cooling-off hour reads as cancelled and refunded on My move, on retrieve and on the success page opened again', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    const booked = await bookAndPay(page, base, { name: 'Cora Cancel', email: 'cora.cancel@example.com' }, 30);
    const successUrl = page.url();

    await page.goto(booked.myMoveUrl);
    await page.getByRole('button', { name: 'Cancel my move' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my move' }).click();
    // The page answers the cancellation itself: reloading before that would abort the request.
    await expect.poll(() => page.getByTestId('move-status').innerText(), POLL).toBe('Cancelled');
    await waitForStatus(page, booked.myMoveUrl, 'Cancelled');
    await expect
      .poll(() => page.getByTestId('move-standing').innerText(), POLL)
      .toMatch(/^This booking is cancelled( and refunded)?/);

    await page.goto(`${base}/retrieve/${booked.code}`);
    await page.getByRole('button', { name: 'Retrieve' }).click();
    await page.getByText('This booking was cancelled.').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/Already paid/i);
    await screenshot(page, 'screens/retrieve-cancelled');

    await page.goto(successUrl);
    await page.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
    expect(await page.getByTestId('booking-standing').innerText()).toMatch(/^This booking is cancelled/);
    expect(await page.locator('body').innerText()).not.toContain('your move is booked');
    await page.close();
  }, 90_000);

  it("the customer's own unpaid checkout keeps their driver for them: back from the checkout, quote again, the same driver is offered and Book Now opens a checkout", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await fillAbout(page, '03hr:00Min', { name: 'Hana Hold', email: 'hana.hold@example.com' });
    await page.locator('#delivery_address').fill('5 Borough High Street');
    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    const offers = offersOf(page);
    await offers.first().waitFor();
    const chosenName = (await offers.first().locator('h3').innerText()).trim();
    await offers
      .first()
      .getByRole('button', { name: /^Choose / })
      .click();
    const panel = page.getByRole('dialog', { name: 'Your quote' });
    await panel.getByRole('radio', { name: /^50%/ }).check();
    await panel.getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(/local-checkout/);

    // Back to the form: the move is as it was; quoting again first abandons this tab's checkout
    // (with its proof), so the driver it held is offered again.
    await page.goBack();
    await page.waitForURL(/\/booking$/);
    await page.locator('#collection_address').waitFor();
    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    await offers.first().waitFor();
    const again = offers.filter({ has: page.getByRole('heading', { name: chosenName, exact: true }) });
    await expect.poll(() => again.count(), POLL).toBe(1);
    await again.getByRole('button', { name: /^Choose / }).click();
    await panel.getByRole('radio', { name: /^50%/ }).check();
    await panel.getByRole('button', { name: 'Book Now' }).click();
    await page.waitForURL(/local-checkout/);
    await page.locator('button.pay').click();
    await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
    await page.close();
  }, 90_000);
});
