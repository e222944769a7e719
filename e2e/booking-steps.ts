/**
 * Browser steps shared by the booking-flow tests: pick from the address suggestions, fill the move,
 * pick a moving date, book and pay on the local checkout, wait for My move to show a status.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  londonClock,
  londonTime,
  type MyMoveView,
  type PaymentPercentage,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { completeBooking } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave, type Api } from '../test/support/gateway-api.js';
import { driverAuth } from '../test/support/staff.js';
import { POLL } from './harness.js';

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
export async function searchMove(
  page: Page,
  baseUrl: string,
  pickup: [string, string],
  dropoff: [string, string],
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  // The home page arrives prerendered: its suggestions only open once the live app has taken over.
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
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
  await expect.poll(() => page.locator('#moving_date').inputValue(), POLL).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Picks a day `daysAhead` of today (London) at `time` in an open-able date picker, paging months as needed. */
export async function pickDay(page: Page, inputSelector: string, daysAhead: number, time: string): Promise<string> {
  const day = londonClock(new Date(Date.now() + daysAhead * 86_400_000));
  const label = `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
  await page.locator(inputSelector).click();
  const dialog = page.getByRole('dialog', { name: 'Choose moving date and time' });
  const button = dialog.getByRole('button', { name: label, exact: true });
  for (let i = 0; i < 13 && (await button.count()) === 0; i++)
    await dialog.getByRole('button', { name: 'Next month' }).click();
  await button.click();
  await dialog.getByRole('option', { name: time, exact: true }).click();
  return label;
}

export interface Booked {
  code: string;
  myMoveUrl: string;
  token: string;
}

/**
 * Books a move through the booking page and pays a share on the local checkout; ends on the success
 * page, whose "View my move" link is the customer's way in.
 */
export async function bookAndPay(
  page: Page,
  base: string,
  who: { name: string; email: string },
  percentage: PaymentPercentage,
  daysAhead?: number,
): Promise<Booked> {
  await searchMove(page, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
  await fillMove(page, who.name);
  await page.locator('#email').fill(who.email);
  if (daysAhead !== undefined) await pickDay(page, '#moving_date', daysAhead, '10:00');
  await page.getByRole('button', { name: 'Get Free Quote' }).click();
  const offer = page.getByRole('dialog', { name: 'Your quotes' }).getByTestId('offer').first();
  await offer.getByRole('button', { name: /^Choose / }).click();
  const panel = page.getByRole('dialog', { name: 'Your quote' });
  await panel.getByRole('radio', { name: new RegExp(`^${percentage}%`) }).check();
  await panel.getByRole('button', { name: 'Book Now' }).click();
  await page.waitForURL(/local-checkout/);
  const code = (await page.locator('body').innerText()).match(/booking (\d+)/)![1]!;
  await page.locator('button.pay').click();
  await page.waitForURL(/\/paymentbooking\/success\?session_id=/);
  await page.getByRole('heading', { name: 'Thank you: your move is booked' }).waitFor();
  const link = page.getByRole('link', { name: 'View my move' });
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/mymove\/[^/]+$/);
  return { code, myMoveUrl: `${base}${href}`, token: href.slice('/mymove/'.length) };
}

/** Reloads My move until its status reads `status` (payments and refunds arrive by events). */
export async function waitForStatus(page: Page, url: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        const badge = page.getByTestId('move-status');
        await badge.waitFor();
        return badge.innerText();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(status);
}

/** The first amount in pounds in a text ("Total price £123.45" → 123.45). */
export const poundsOf = (text: string) => Number(/£([\d,]+\.\d{2})/.exec(text)?.[1]?.replaceAll(',', ''));

/**
 * A start the day's steps are open for now: the latest bookable slot (06:00 to 21:00 London,
 * 15-minute steps) no later than 1 h 45 from now, going back a day when today has none yet
 * (before 04:15). The booking is made on a clock pinned days back, as a move today could not be.
 */
export function startOpenNow(now: Date): string {
  const DAY = 86_400_000;
  const limit = now.getTime() + 105 * 60_000;
  for (let back = 0; back < 2; back++) {
    const c = londonClock(new Date(now.getTime() - back * DAY));
    for (let minutes = 21 * 60; minutes >= 6 * 60; minutes -= 15) {
      const t = londonTime(c.year, c.month, c.day, Math.floor(minutes / 60), minutes % 60);
      if (t.getTime() <= limit) return t.toISOString();
    }
  }
  throw new Error('no start found');
}

export interface BookedToday {
  running: EmbeddedOnTempDir;
  /** When the move starts (before 04:15 London: the evening before, as no move starts earlier than 06:00). */
  moveDate: string;
  api: Api;
  myMovePath: string;
  bookingId: string;
  driver: { id: string; name: string };
  /** The driver's portal token (without "Bearer "). */
  driverToken: string;
  /** Sets the product's clock (null: the wall clock, as after set-up). */
  pin(at: Date | null): void;
}

/**
 * The day-of-move set-up: the embedded product (web app included), a move starting at
 * startOpenNow booked and 30 % paid on a clock pinned two days back (a move today could not be
 * booked today), then the wall clock, and the job accepted by its driver once it is offered to them.
 * `env` is added to the product's environment.
 */
export async function startBookedToday(
  customer: { name: string; email: string; phone?: string },
  env: Record<string, string> = {},
): Promise<BookedToday> {
  let pinned: Date | null = new Date(Date.now() - 2 * 86_400_000);
  const running = await startEmbeddedOnTempDir(
    { ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0', STRIPE_SECRET_KEY: '', ...env },
    { clock: { now: () => pinned ?? new Date() } },
  );
  try {
    const api = apiClient(() => running.product.url);
    const moveDate = startOpenNow(new Date());
    const { quote, record } = await priceAndSave(api, completeBooking(moveDate, customer));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(success.status).toBe(200);
    const myMovePath = success.body.myMovePath!;
    pinned = null;
    const view = (await api<MyMoveView>('GET', `/api${myMovePath}`)).body;
    const auth = driverAuth(view.driver!.id, { env: { JWT_SECRET: running.product.env.JWT_SECRET! } });
    // The job is offered once BookingConfirmed reached the fleet service: bounded wait for it, then accept.
    for (
      let tries = 0;
      (await api('POST', `/api/driver/me/jobs/${view.bookingId}/accept`, undefined, { headers: auth })).status !== 200;
      tries++
    ) {
      if (tries > 150) throw new Error('the job was never offered to its driver');
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      running,
      moveDate,
      api,
      myMovePath,
      bookingId: view.bookingId,
      driver: { id: view.driver!.id, name: view.driver!.name },
      driverToken: auth.authorization.replace(/^Bearer /, ''),
      pin: (at) => {
        pinned = at;
      },
    };
  } catch (err) {
    await running.stop();
    throw err;
  }
}
