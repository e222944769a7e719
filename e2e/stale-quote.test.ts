/**
 * A quote chosen in the panel must follow the move. After any edit the panel says the
 * prices changed and offers no Book Now at the old price; once re-quoted, the panel's share, the local
 * checkout's amount and the confirmation e-mail all describe the same, edited move.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import type { PaymentPercentage } from '@vanhop/contracts';
import { POLL, useProductAndBrowser } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';

// The panel's own words (contracts MSG.quote.pricesChanged), spelled out so a changed text is noticed here.
const STALE_TEXT = 'Prices changed, get quotes again';

/** The quotes popup is open: take its cheapest offer and return the panel with the price it shows. */
async function chooseCheapestOffer(page: Page, expectInOffer?: string): Promise<{ panel: Locator; price: string }> {
  const popup = page.getByRole('dialog', { name: 'Your quotes' });
  const offer = popup.getByTestId('offer').first();
  await offer.waitFor();
  if (expectInOffer) expect(await offer.innerText()).toContain(expectInOffer);
  await offer.getByRole('button', { name: /^Choose / }).click();
  const panel = page.getByRole('dialog', { name: 'Your quote' });
  await panel.waitFor();
  const price = await panel.locator('.quote-panel-price strong').innerText();
  expect(price).toMatch(/^£[\d,]+\.\d{2}$/);
  return { panel, price };
}

async function getQuotesAndChoose(page: Page, expectInOffer?: string) {
  await page.getByRole('button', { name: 'Get Free Quote' }).click();
  return chooseCheapestOffer(page, expectInOffer);
}

/** The panel no longer offers the old price: notice shown, both actions disabled, no old amount anywhere in it. */
async function expectStale(panel: Locator, oldPrice: string): Promise<void> {
  await panel.getByText(STALE_TEXT).waitFor();
  expect(await panel.getByRole('button', { name: 'Book Now' }).isDisabled()).toBe(true);
  expect(await panel.getByRole('button', { name: 'SaveForLater' }).isDisabled()).toBe(true);
  expect(await panel.innerText()).not.toContain(oldPrice);
}

async function requote(page: Page, panel: Locator, expectInOffer?: string) {
  await panel.getByRole('button', { name: 'Get quotes again' }).click();
  const chosen = await chooseCheapestOffer(page, expectInOffer);
  expect(await chosen.panel.getByText(STALE_TEXT).count()).toBe(0);
  expect(await chosen.panel.getByRole('button', { name: 'Book Now' }).isEnabled()).toBe(true);
  return chosen;
}

/** Book Now for a share, pay on the local checkout; the checkout must ask exactly the panel's share. */
async function bookAndPay(
  page: Page,
  panel: Locator,
  percentage: PaymentPercentage,
): Promise<{ share: string; code: string }> {
  await panel.getByRole('radio', { name: new RegExp(`^${percentage}%`) }).check();
  const share = (await panel.locator('label', { hasText: `${percentage}%` }).innerText()).match(
    /£([\d,]+\.\d{2})/,
  )![1]!;
  await panel.getByRole('button', { name: 'Book Now' }).click();
  await page.waitForURL(/local-checkout/);
  expect(await page.getByTestId('amount').innerText()).toBe(`£${share}`);
  const code = (await page.locator('body').innerText()).match(/% of booking (\d+)/)![1]!;
  await page.locator('button.pay').click();
  await page.waitForURL(/\/paymentbooking\/success\?session_id=/);
  await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
  return { share, code };
}

/** The customer's BookingConfirmed e-mail for a booking code, as plain text, once it is in the outbox. */
async function confirmationMail(dataDir: string, to: string, code: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  let found = '';
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        for (const f of files) {
          const mail = await simpleParser(readFileSync(path.join(dir, f)));
          const addressed = [mail.to].flat().some((a) => a?.text.includes(to));
          if (
            addressed &&
            mail.subject?.startsWith('Booking confirmed') &&
            mail.text?.includes(`Booking reference: ${code}`)
          ) {
            found = mail.text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

/** The fields fillMove leaves, then a customer of our own so each test finds its own e-mail. */
async function startMove(page: Page, base: string, name: string, email: string): Promise<void> {
  await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
  await fillMove(page, name);
  await page.locator('#email').fill(email);
  await page.locator('#how_many_hour').selectOption({ label: '02hr:00Min' });
}

describe('a chosen quote follows every change to the move', () => {
  const ctx = useProductAndBrowser();

  it('A: Large van 2 h chosen, then Luton and 5 h: no Book Now at the old price; re-quoted, the checkout and the e-mail match the new move', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const email = 'stale.a@example.com';
    await startMove(page, ctx.product.url, 'Anna Stale', email);
    expect(await page.getByRole('radio', { name: /Large/ }).isChecked()).toBe(true);

    const first = await getQuotesAndChoose(page, 'Large');
    await page.getByRole('radio', { name: /Luton/ }).check({ force: true });
    await page.locator('#how_many_hour').selectOption({ label: '05hr:00Min' });
    await expectStale(first.panel, first.price);

    const { panel, price } = await requote(page, first.panel, 'Luton');
    expect(price).not.toBe(first.price);
    await panel.getByRole('button', { name: 'Show More' }).click();
    const facts = await panel.locator('.quote-panel-more').innerText();
    expect(facts).toMatch(/Van\s+Luton/);
    expect(facts).toMatch(/Booked time\s+5 h/);

    const { share, code } = await bookAndPay(page, panel, 50);
    const mail = await confirmationMail(ctx.dataDir, email, code);
    expect(mail).toContain('Van: Luton Van');
    expect(mail).toContain('Booked time: 5 hours');
    expect(mail).toContain(`Total price: ${price}`);
    expect(mail).toContain(`Amount paid: £${share}`);
    await page.close();
  });

  it('B: offer chosen, then a via stop added (Croydon): no Book Now at the old price; re-quoted, the checkout and the e-mail include Croydon', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const email = 'stale.b@example.com';
    await startMove(page, ctx.product.url, 'Bea Stale', email);

    const first = await getQuotesAndChoose(page);
    await page.getByRole('button', { name: '+ add stop' }).click();
    await expectStale(first.panel, first.price);
    // Picking the stop's place afterwards must keep the panel stale (it used to re-price only on the count).
    const combo = page.locator('[data-testid=via-stop] input[role=combobox]');
    await combo.fill('Croydon');
    const option = page
      .locator(`[id="${await combo.getAttribute('aria-controls')}"] [role=option]`, { hasText: 'Croydon' })
      .first();
    await option.waitFor();
    await option.click();
    const croydon = await combo.inputValue();
    expect(croydon).toContain('Croydon');
    await page.locator('[data-testid=via-stop] input[id$="-address"]').fill('1 George Street');
    await page.locator('[data-testid=via-stop] select').selectOption('0');
    await expectStale(first.panel, first.price);

    const { panel, price } = await requote(page, first.panel);
    expect(price).not.toBe(first.price);
    await panel.getByRole('button', { name: 'Show More' }).click();
    expect(await panel.locator('.quote-panel-more').innerText()).toContain(croydon);

    const { share, code } = await bookAndPay(page, panel, 100);
    expect(share).toBe(price.slice(1));
    const mail = await confirmationMail(ctx.dataDir, email, code);
    expect(mail).toMatch(new RegExp(`Via stop: 1 George Street, ${croydon.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(mail).toContain(`Total price: ${price}`);
    expect(mail).toContain(`Amount paid: £${share}`);
    await page.close();
  });

  it('C: help, stairs, via stop added and removed, date, description and contact details each invalidate the choice', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    await startMove(page, ctx.product.url, 'Cara Stale', 'stale.c@example.com');
    let { panel, price } = await getQuotesAndChoose(page);

    const edits: [string, () => Promise<void>][] = [
      ['help', () => page.getByRole('radio', { name: /Driver-Plus-One/ }).check({ force: true })],
      ['collection stairs', async () => void (await page.locator('#collection_stair').selectOption('3'))],
      ['via stop added', () => addFullStop(page)],
      ['via stop removed', () => pressButton(page.getByRole('button', { name: 'Remove via stop 1' }))],
      ['date', () => pickAnotherMovingTime(page)],
      ['description', () => page.locator('#descriContent').fill('Only a piano stool and 4 boxes.')],
      ['name', () => page.locator('#name').fill('Cara Edited')],
      ['e-mail', () => page.locator('#email').fill('stale.c2@example.com')],
      ['phone', () => page.locator('#phone').fill('07700900999')],
    ];
    for (const [what, edit] of edits) {
      await edit();
      try {
        await expectStale(panel, price);
      } catch (err) {
        throw new Error(`after editing the ${what}: ${(err as Error).message}`);
      }
      ({ panel, price } = await requote(page, panel));
    }

    await panel.getByRole('button', { name: 'Show More' }).click();
    expect(await panel.locator('.quote-panel-more').innerText()).toMatch(/Help\s+Driver-Plus-One/);
    const { share, code } = await bookAndPay(page, panel, 30);
    const mail = await confirmationMail(ctx.dataDir, 'stale.c2@example.com', code);
    expect(mail).toContain('Hello Cara Edited');
    expect(mail).toContain('Help: Driver-Plus-One');
    expect(mail).toContain('Collection: 12 Cricklewood Lane, London NW2, UK (3 flights');
    expect(mail).not.toContain('Via stop');
    expect(mail).toContain('Description: Only a piano stool and 4 boxes.');
    expect(mail).toContain(`Total price: ${price}`);
    expect(mail).toContain(`Amount paid: £${share}`);
    await page.close();
  });
});

/** Presses a button from the keyboard: the floating panel may cover it, and it stays open on purpose. */
const pressButton = (target: Locator): Promise<void> => target.press('Enter');

/** '+ add stop', then the stop's own place, building address and stairs (a via stop is a full address or none). */
async function addFullStop(page: Page): Promise<void> {
  await pressButton(page.getByRole('button', { name: '+ add stop' }));
  // Enter takes the suggestion the typed postcode names exactly (the panel may cover the list)
  const place = page.locator('[data-testid=via-stop] input[role=combobox]');
  await place.fill('E1');
  await page
    .locator(`[id="${await place.getAttribute('aria-controls')}"] [role=option]`, { hasText: 'London E1, UK' })
    .first()
    .waitFor();
  await place.press('Enter');
  await expect.poll(() => place.inputValue()).toBe('London E1, UK');
  await page.locator('[data-testid=via-stop] input[id$="-address"]').fill('20 Commercial Road');
  await page.locator('[data-testid=via-stop] select').selectOption('1');
}

/** A different bookable day than the one chosen now (the second bookable day, its first time). */
async function pickAnotherMovingTime(page: Page): Promise<void> {
  const before = await page.locator('#moving_date').inputValue();
  await page.locator('#moving_date').click();
  const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
  await dialog.locator('.dtp-day:not([disabled])').nth(1).click();
  await dialog.getByRole('option').first().click();
  await expect.poll(() => page.locator('#moving_date').inputValue(), POLL).not.toBe(before);
}
