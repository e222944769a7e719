import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { REVIEW_MSG, londonClock, londonTime, type BookingRecord, type Quote, formatPounds } from '@vanhop/contracts';
import { formatLondonDate } from '../frontend/src/lib/london-date.js';
import { address, completeBooking } from '../test/support/booking-fixtures.js';
import { apiClient, priceAndSave } from '../test/support/gateway-api.js';
import { POLL, screenshot, useProductAndBrowser } from './harness.js';

const STAFF = { name: 'jo_staff', password: 'pw-1234567890' };
const TOKEN_KEY = 'vanhop.adminToken';

/** 10:00 London time five days from now: a bookable moving date in the dashboards' Future lists. */
function moveDate(): Date {
  const day = londonClock(new Date(Date.now() + 5 * 86_400_000));
  return londonTime(day.year, day.month, day.day, 10, 0);
}

/**
 * Records every alert/confirm with its text and answers them in order from `answers`
 * (accept when none is queued).
 */
function dialogs(page: Page) {
  const seen: { type: string; message: string }[] = [];
  const answers: ('accept' | 'dismiss')[] = [];
  page.on('dialog', (d: Dialog) => {
    seen.push({ type: d.type(), message: d.message() });
    void (answers.shift() === 'dismiss' ? d.dismiss() : d.accept());
  });
  return { seen, answers };
}

describe('staff back office in the browser', () => {
  const ctx = useProductAndBrowser();
  let base: string;
  const when = moveDate();
  let saved: { code: number; quote: Quote };
  let paid: { code: number; quote: Quote };

  const api = apiClient(() => base);

  const saveQuoteOf = async (name: string, email: string, phone: string) => {
    const { record } = await priceAndSave(
      api,
      completeBooking(when.toISOString(), {
        addresses: [
          address('a-nw2', 'London NW2, UK', '12 Cricklewood Lane', 2),
          address('a-se1', 'London SE1, UK', '5 Borough High Street', 0),
        ],
        description: 'A sofa, a bed and twenty boxes',
        name,
        email,
        phone,
      }),
    );
    return { code: record.randomNumber, quote: record.quote };
  };

  const retrieve = async (code: number) =>
    (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;

  beforeAll(async () => {
    base = ctx.product.url;
    saved = await saveQuoteOf('Alice Quoter', 'alice.quoter@example.com', '07700900111');
    paid = await saveQuoteOf('Bob Booker', 'bob.booker@example.com', '07700900222');

    // Bob pays half on the local test checkout, as a customer's browser would.
    const checkout = await api<{ url: string }>('POST', '/api/paymentbooking', {
      ...paid.quote,
      randomNumber: paid.code,
      percentage: 50,
    });
    expect(checkout.status).toBe(200);
    const page = await ctx.browser.newPage();
    await page.goto(`${base}${checkout.body.url}`);
    await page.locator('button.pay').click();
    await page.waitForURL(/\/paymentbooking\/success/);
    await vi.waitFor(async () => expect((await retrieve(paid.code))[0]?.paymentStatus).toBe('50percentage'), POLL);
    await page.close();
  });

  it('sends a visitor without a token from /admin/dashboard to /admin/login', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(`${base}/admin/login`);
    await page.getByRole('heading', { name: 'Staff login' }).waitFor();
    await page.goto(`${base}/admin/no-such-screen`);
    await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
    await page.close();
  });

  it('registers with the printed code, shows the server message for a wrong password, signs in and works the dashboard', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { seen, answers } = dialogs(page);

    // register: the alert carries the server message, then the login page
    await page.goto(`${base}/admin/login`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${base}/admin/register`);
    await page.getByLabel('Name').fill(STAFF.name);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    await page.getByLabel('Repeat password').fill(STAFF.password);
    await page.getByLabel('Unique code').fill('VH-NOTTHECODE');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const refused = page.getByTestId('register-error');
    await refused.waitFor();
    expect((await refused.innerText()).length).toBeGreaterThan(3);
    expect(seen).toEqual([]);

    await page.getByLabel('Unique code').fill(ctx.product.env.ADMIN_SIGNUP_CODE!);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.type).toBe('alert');
    expect(seen[0]!.message.length).toBeGreaterThan(3);

    // a wrong password: the server's message under the form, no token
    await page.getByLabel('Username').fill(STAFF.name);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const failure = page.getByTestId('login-error');
    await failure.waitFor();
    expect(await failure.innerText()).toBe('Invalid username or password');
    expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();

    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/admin/dashboard`);
    await page.getByText(`Welcome, ${STAFF.name}`).waitFor();
    const token = await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // the saved quote under Quotation → Future, the paid one under Your Jobs → Future
    const quotation = page.getByTestId('quotation-card');
    const jobs = page.getByTestId('job-card');
    const savedCard = quotation.locator(`[data-code="${saved.code}"]`);
    await savedCard.waitFor();
    expect(await quotation.getByRole('button', { name: 'Future' }).getAttribute('aria-pressed')).toBe('true');
    const savedText = await savedCard.innerText();
    expect(savedText).toContain(formatLondonDate(when));
    expect(savedText).toContain('London NW2, UK');
    expect(savedText).toContain('London SE1, UK');
    expect(savedText).toContain(`${formatPounds(saved.quote.totalPrice)}`);
    expect(savedText).toContain(`Unique Code: ${saved.code}`);
    expect(await quotation.locator(`[data-code="${paid.code}"]`).count()).toBe(0);
    const paidCard = jobs.locator(`[data-code="${paid.code}"]`);
    await paidCard.waitFor();
    expect(await jobs.locator(`[data-code="${saved.code}"]`).count()).toBe(0);
    // nothing is filed under the past
    await jobs.getByRole('button', { name: 'Past Jobs' }).click();
    // The past page is read from the server: wait for the future one to leave.
    await paidCard.waitFor({ state: 'detached' });
    expect(await jobs.getByTestId('admin-record').count()).toBe(0);
    await jobs.getByRole('button', { name: 'Future' }).click();
    await screenshot(page, 'admin-dashboard');

    // the detail panel of the paid job and its figures
    await paidCard.click();
    const panel = page.getByRole('dialog', { name: `Record ${paid.code}` });
    await panel.waitFor();
    const [record] = await retrieve(paid.code);
    const perHalfHour = paid.quote.totalPrice / (paid.quote.totalSecond / 1800);
    const figures = await panel.innerText();
    expect(figures).toContain('Trip Details');
    expect(figures).toContain('12 Cricklewood Lane, London NW2, UK');
    expect(figures).toContain('2 flights of stairs');
    expect(figures).toMatch(/Via stop\s+No/);
    expect(figures).toContain('A sofa, a bed and twenty boxes');
    expect(figures).toContain('Bob Booker');
    expect(figures).toContain('bob.booker@example.com');
    expect(figures).toMatch(/Payment status\s+50 % deposit paid/);
    expect(figures).toMatch(new RegExp(`Price per half hour\\s+${formatPounds(perHalfHour)}`));
    expect(figures).toMatch(new RegExp(`Total price\\s+${formatPounds(paid.quote.totalPrice)}`));
    expect(figures).toMatch(new RegExp(`Outstanding balance\\s+${formatPounds(record!.OutstandingBalance)}`));
    expect(record!.OutstandingBalance).toBeCloseTo(paid.quote.totalPrice / 2, 2);
    expect(figures).toMatch(/Booked hours\s+03hr:00Min/);
    expect(await panel.getByRole('link', { name: '07700900222' }).getAttribute('href')).toBe('tel:07700900222');
    expect(await panel.getAttribute('class')).toContain('admin-detail--paid');
    await screenshot(page, 'admin-detail');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // request a review: the move is still days ahead, so it is refused with the reason in the panel
    // and nothing is mailed (e2e/reviews.test.ts requests one after the move and follows it through)
    await paidCard.click();
    await panel.getByRole('button', { name: 'Request Review' }).click();
    await panel.getByRole('alert').getByText(REVIEW_MSG.moveNotHappened, { exact: false }).waitFor();
    expect(seen).toHaveLength(1);
    expect(reviewMail(ctx.dataDir, 'bob.booker@example.com')).toBeUndefined();
    expect(await panel.getByRole('button', { name: 'Request Review' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // delete the saved quote: a dismissed confirm keeps it, an accepted one removes it
    await savedCard.click();
    const quotePanel = page.getByRole('dialog', { name: `Record ${saved.code}` });
    expect(await quotePanel.getAttribute('class')).toContain('admin-detail--unpaid');
    await screenshot(page, 'admin-detail-unpaid');
    answers.push('dismiss');
    await quotePanel.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => seen.length, POLL).toBe(2);
    // The confirmation names the record (a paid job is never deleted: it offers Cancel with refund instead).
    expect(seen[1]).toEqual({ type: 'confirm', message: `Delete quotation ${saved.code} for Alice Quoter?` });
    expect((await retrieve(saved.code))[0]?.randomNumber).toBe(saved.code);
    await quotePanel.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => seen.length, POLL).toBe(4);
    expect(seen[2]!.type).toBe('confirm');
    expect(seen[3]).toEqual({ type: 'alert', message: 'Booking record deleted' });
    await quotePanel.waitFor({ state: 'detached' });
    await savedCard.waitFor({ state: 'detached' });
    const list = await api<BookingRecord[]>('GET', '/api/backdata/all', undefined, { token: token! });
    expect(list.body.map((r) => r.randomNumber)).toEqual([paid.code]);

    // log out: the token is gone and the dashboard is closed again
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(`${base}/admin/login`);
    await page.close();
  });

  it('server-health page: checks and resets health and IP; readable at 360 px', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 360, height: 780 } });
    const login = await api<{ token: string }>('POST', '/api/account/login', {
      username: STAFF.name,
      password: STAFF.password,
    });
    expect(login.status).toBe(200);
    await page.goto(`${base}/admin/login`);
    await page.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, login.body.token] as const);

    await page.goto(`${base}/admin/dashboard`);
    await page.getByText(`Welcome, ${STAFF.name}`).waitFor();
    await page.getByTestId('job-card').locator(`[data-code="${paid.code}"]`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-dashboard-360');

    await page.getByRole('link', { name: 'Server health' }).click();
    await page.waitForURL(`${base}/admin/health`);
    const health = page.getByTestId('health-check');
    const ip = page.getByTestId('ip-check');
    await health.getByRole('button', { name: 'Click Me to Check' }).click();
    await health.getByRole('button', { name: 'ok' }).waitFor();
    await ip.getByRole('button', { name: 'Click Me to Check' }).click();
    const answer = ip.locator('.admin-check-button');
    await expect.poll(() => answer.innerText(), POLL).toMatch(/^[\d.:a-f]+$/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-health-360');
    await health.getByRole('button', { name: 'Reset' }).click();
    await ip.getByRole('button', { name: 'Reset' }).click();
    expect(await health.locator('.admin-check-button').innerText()).toBe('Click Me to Check');
    expect(await answer.innerText()).toBe('Click Me to Check');

    // a token the server refuses sends the user back to the login page
    await page.evaluate((k) => localStorage.setItem(k, 'not.a.token'), TOKEN_KEY);
    await page.goto(`${base}/admin/dashboard`);
    // The sign-in page says the session is over (and would bring them back to where they were).
    await page.waitForURL(new RegExp(`^${base}/admin/login\\?expired=1$`));
    await page.getByText('Your session has expired: sign in again').waitFor();
    expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
    await page.close();
  });
});

/** The newest review mail to `to` in the embedded outbox, if any. */
function reviewMail(dataDir: string, to: string): string | undefined {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  return files
    .map((f) => path.join(dir, f))
    .find((f) => {
      const text = readFileSync(f, 'utf8');
      return text.includes(to) && /How was your move/.test(text);
    });
}
