import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@vanhop/contracts';
import { POLL, useProductAndBrowser } from './harness.js';
import { searchMove } from './booking-steps.js';

const errorsOn = (page: Page) => page.locator('.field-error').allInnerTexts();

/** Fills a field, leaves it, and answers the error shown under it. */
async function errorFor(page: Page, field: string, value: string): Promise<string> {
  await page.locator(`#${field}`).fill(value);
  await page.locator(`#${field}`).blur();
  const error = page.locator(`#${field}-error`);
  await error.waitFor();
  return error.innerText();
}

describe('form messages for bad input', () => {
  const ctx = useProductAndBrowser();

  it('home search: required and pick-from-the-list messages', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.product.url}/`);
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    await page.locator('#pickup-postcode-error').waitFor();
    expect(await page.locator('#pickup-postcode-error').innerText()).toBe(MSG.home.pickupRequired);
    expect(await page.locator('#dropoff-postcode-error').innerText()).toBe(MSG.home.dropoffRequired);

    await page.locator('#dropoff-postcode').fill('not a place');
    await page.locator('#dropoff-postcode').blur();
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    await expect.poll(() => page.locator('#dropoff-postcode-error').innerText(), POLL).toBe(MSG.home.selectFromList);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('booking form: each message once its field is touched', async () => {
    const page = await ctx.browser.newPage();
    await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    expect(await errorsOn(page)).toEqual([]);

    // submitting the empty form touches every field: every required message shows, and no quote is asked for
    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    await page.locator('#name-error').waitFor();
    const b = MSG.booking;
    const required = await errorsOn(page);
    for (const text of [
      b.pickupAddressRequired,
      b.pickupStairRequired,
      b.deliveryAddressRequired,
      b.deliveryStairRequired,
      b.hourRequired,
      b.dateRequired,
      b.descriptionRequired,
      b.nameRequired,
      b.emailRequired,
      b.phoneRequired,
    ]) {
      expect(required).toContain(text);
    }
    expect(required).toHaveLength(10);
    expect(await page.getByRole('dialog', { name: 'Your quotes' }).count()).toBe(0);

    expect(await errorFor(page, 'name', 'Ann')).toBe(b.nameMin);
    expect(await errorFor(page, 'name', 'A name far too long to fit')).toBe(b.nameMax);
    expect(await errorFor(page, 'email', 'alice@')).toBe(b.emailInvalid);
    // Spaces are normalised away: letters are what the digits rule refuses, too few digits the length rule.
    expect(await errorFor(page, 'phone', '07700 900 abc')).toBe(b.phoneDigits);
    expect(await errorFor(page, 'phone', '07700 900')).toBe(b.phoneLength);
    expect(await errorFor(page, 'collection_address', '12')).toBe(b.addressMin);
    expect(await errorFor(page, 'delivery_address', 'A1')).toBe(b.addressMin);

    // fixing a field removes its message
    await page.locator('#name').fill('Alice');
    await page.locator('#name').blur();
    await expect.poll(() => page.locator('#name-error').count(), POLL).toBe(0);
    await page.close();
  });

  it('booking form: the hour and stair selects and the date picker follow the rules', async () => {
    const page = await ctx.browser.newPage();
    await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    const hours = await page.locator('#how_many_hour option').allInnerTexts();
    expect(hours[0]).toBe('Select an hour');
    expect(await page.locator('#how_many_hour option').first().isDisabled()).toBe(true);
    expect(hours[1]).toBe('01hr:00Min');
    expect(hours.at(-1)).toBe('20hr:30Min');
    expect(hours).toHaveLength(41);
    expect(await page.locator('#collection_stair option').count()).toBe(10);

    // typing into the date box does nothing; the times are 15 minutes apart and end at 21:00
    await page.locator('#moving_date').press('5');
    expect(await page.locator('#moving_date').inputValue()).toBe('');
    await page.locator('#moving_date').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
    await dialog.waitFor();
    await dialog.locator('.dtp-day:not([disabled])').nth(1).click();
    const times = await dialog.getByRole('option').allInnerTexts();
    expect(times[0]).toBe('06:00');
    expect(times[1]).toBe('06:15');
    expect(times.at(-1)).toBe('21:00');
    await dialog.getByRole('option', { name: '09:30' }).click();
    await expect.poll(() => page.locator('#moving_date').inputValue(), POLL).toMatch(/ 09:30$/);
    await page.getByRole('button', { name: 'Clear moving date' }).click();
    expect(await page.locator('#moving_date').inputValue()).toBe('');
    await page.locator('#moving_date-error').waitFor();
    expect(await page.locator('#moving_date-error').innerText()).toBe(MSG.booking.dateRequired);

    // the van size guide closes with Escape, a click outside and X
    const guide = page.getByRole('dialog', { name: 'Van size guide' });
    await page.getByRole('button', { name: 'Van size guide' }).click();
    await guide.waitFor();
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Van size guide' }).click();
    await page.mouse.click(3, 300);
    await guide.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Van size guide' }).click();
    await guide.getByRole('button', { name: 'Close' }).click();
    await guide.waitFor({ state: 'detached' });
    await page.close();
  });
});
