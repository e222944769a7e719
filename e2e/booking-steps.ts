/** Browser steps shared by the booking-flow tests: pick from the address suggestions, fill the move. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Types into an address box and picks the suggestion with exactly this label. */
export async function pickAddress(page: Page, inputSelector: string, typed: string, label: string): Promise<void> {
  const input = page.locator(inputSelector);
  await input.fill(typed);
  const listId = await input.getAttribute('aria-controls');
  const option = page.locator(`[id="${listId}"] [role=option]`, { hasText: label }).first();
  await option.waitFor({ state: 'visible' });
  await option.click();
  expect(await input.inputValue()).toBe(label);
}

/** Home search from pickup to dropoff, ending on /booking with the full form. */
export async function searchMove(page: Page, baseUrl: string, pickup: [string, string], dropoff: [string, string]): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await pickAddress(page, '#pickup-postcode', ...pickup);
  await pickAddress(page, '#dropoff-postcode', ...dropoff);
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await page.waitForURL(/\/booking$/);
  await page.locator('#collection_address').waitFor();
}

/** Opens the date picker and takes the first bookable day's first time. */
export async function pickFirstMovingTime(page: Page): Promise<void> {
  await page.locator('#moving_date').click();
  const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
  await dialog.locator('.dtp-day:not([disabled])').first().click();
  await dialog.getByRole('option').first().click();
  await expect.poll(() => page.locator('#moving_date').inputValue()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
}

/** Fills every required field of the booking form with good values. */
export async function fillMove(page: Page, name = 'Bob Carter'): Promise<void> {
  await page.locator('#collection_address').fill('12 Cricklewood Lane');
  await page.locator('#collection_stair').selectOption('1');
  await page.locator('#delivery_address').fill('5 Borough High Street');
  await page.locator('#delivery_stair').selectOption('0');
  await page.locator('#how_many_hour').selectOption({ label: '02hr:30Min' });
  await pickFirstMovingTime(page);
  await page.locator('#descriContent').fill('A wardrobe and 10 boxes.');
  await page.locator('#name').fill(name);
  await page.locator('#email').fill('bob@example.com');
  await page.locator('#phone').fill('07700900456');
}
