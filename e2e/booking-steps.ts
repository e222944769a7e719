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
