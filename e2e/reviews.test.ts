/**
 * Reviews: a booked move whose date has passed gets a review request from
 * staff (refused for a move still ahead), the e-mail links the customer's signed review page, the
 * review is submitted, staff approve it, and it shows in the home carousel and in its driver's
 * rating in the quotes popup.
 *
 * The product's clock starts six days back, where the customer books and pays; then it follows the
 * wall clock (which the gateway checks staff tokens against), so the move is over for staff.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Dialog } from 'playwright-core';
import { REVIEW_MSG, type BookingRecord, type Quote } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../services/fleet/src/domain/demo-drivers.js';
import { combinedRating } from '../frontend/src/api/driverRatings.js';
import { completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../test/support/gateway-api.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { linkPath, outboxMails, waitForMail } from './outbox-mail.js';
import { expectAccessible } from './axe-check.js';

const TOKEN_KEY = 'vanhop.adminToken';
const DAY = 86_400_000;
const BOOKED_AT = new Date(Date.now() - 6 * DAY);
let pinned: Date | null = BOOKED_AT;
const clock = { now: () => pinned ?? new Date() };

describe('a review from request to the home carousel and the driver rating', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let base = '';
  const api = apiClient(() => base);
  let past: { code: number; quote: Quote };
  let ahead: { code: number };

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' }, { clock });
    base = running.product.url;
    browser = await launchChromium();

    // Six days ago: one move five days ahead (over by now) and one twelve days ahead (still to come), both paid.
    const book = async (daysAhead: number, name: string, email: string) => {
      const { quote, record } = await priceAndSave(
        api,
        completeBooking(daysAheadAtUtc(BOOKED_AT, daysAhead, 10), { name, email }),
      );
      await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
      const status = async () =>
        (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).body[0]
          ?.paymentStatus;
      await vi.waitFor(async () => expect(await status()).toBe('30percentage'), POLL);
      return { code: record.randomNumber, quote };
    };
    past = await book(5, 'Alice Reviewer', 'alice.reviewer@example.com');
    ahead = await book(12, 'Carl Later', 'carl.later@example.com');
    pinned = null;
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('request (refused before the move) → signed review page → submit → approve → carousel and driver rating', async () => {
    const driver = DEMO_DRIVERS.find((d) => d._id === past.quote.driverId)!;
    expect(driver, `driver ${past.quote.driverId}`).toBeTruthy();

    // Staff sign in.
    const staff = { name: 'rita_reviews', password: 'pw-reviews-123' };
    expect(
      (
        await api('POST', '/api/account/register', {
          name: staff.name,
          password: staff.password,
          password1: staff.password,
          uniquecode: running.product.env.ADMIN_SIGNUP_CODE,
        })
      ).status,
    ).toBe(201);
    const { token } = (
      await api<{ token: string }>('POST', '/api/account/login', { username: staff.name, password: staff.password })
    ).body;
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const alerts: string[] = [];
    admin.on('dialog', (d: Dialog) => {
      alerts.push(d.message());
      void d.accept();
    });
    await admin.goto(`${base}/admin/login`);
    await admin.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token] as const);
    await admin.goto(`${base}/admin/dashboard`);
    const jobs = admin.getByTestId('job-card');

    // The move still ahead: refused with the reason in the panel, no e-mail.
    const aheadCard = jobs.locator(`[data-code="${ahead.code}"]`);
    await aheadCard.waitFor();
    await aheadCard.click();
    const aheadPanel = admin.getByRole('dialog', { name: `Record ${ahead.code}` });
    await aheadPanel.getByRole('button', { name: 'Request Review' }).click();
    await aheadPanel.getByRole('alert').getByText(REVIEW_MSG.moveNotHappened).waitFor();
    await screenshot(admin, 'review-request-refused');
    await admin.keyboard.press('Escape');

    // The move that is over: under Past Jobs; the request is sent.
    await jobs.getByRole('button', { name: 'Past Jobs' }).click();
    const pastCard = jobs.locator(`[data-code="${past.code}"]`);
    await pastCard.click();
    await admin
      .getByRole('dialog', { name: `Record ${past.code}` })
      .getByRole('button', { name: 'Request Review' })
      .click();
    await expect.poll(() => alerts.length, POLL).toBe(1);
    expect(alerts[0]).toBe('Sending Email: Review request e-mail sent to alice.reviewer@example.com.');

    // The customer's e-mail links their signed review page.
    const mail = await waitForMail(
      running.dataDir,
      (m) => m.to.includes('alice.reviewer@example.com') && m.subject === 'How was your move with VanHop?',
    );
    const reviewPath = linkPath(mail, 'review');
    expect(
      (await outboxMails(running.dataDir)).filter(
        (m) => m.to.includes('carl.later@example.com') && m.subject === mail.subject,
      ),
    ).toEqual([]);

    await expectAccessible(browser, `${base}${reviewPath}`, (p) =>
      p.getByRole('button', { name: 'Submit review' }).waitFor(),
    );
    const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await customer.goto(`${base}${reviewPath}`);
    await customer.getByText(new RegExp(`how was your move on .+ with ${driver.name}\\?`)).waitFor();
    await customer.getByRole('button', { name: 'Submit review' }).click();
    await customer.getByText('Please choose from 1 to 5 stars').waitFor();
    await customer
      .getByRole('group', { name: 'Your overall rating' })
      .getByRole('radio', { name: '5 stars' })
      .check({ force: true });
    await customer
      .getByLabel(/Your review/)
      .fill('Quick, careful and friendly. The sofa went up three flights without a scratch.');
    await customer
      .getByRole('group', { name: `Rate ${driver.name} (optional)` })
      .getByRole('radio', { name: '1 star', exact: true })
      .check({ force: true });
    await screenshot(customer, 'review-page');
    await customer.getByRole('button', { name: 'Submit review' }).click();
    await customer.getByTestId('review-thanks').waitFor();
    await customer.reload();
    await customer.getByText('A review has already been submitted for this move. Thank you!').waitFor();

    // Not public until approved.
    const feed = async () =>
      (
        await api<{ result: { reviews: { author_name: string }[] } }>('GET', '/api/google/review')
      ).body.result.reviews.map((r) => r.author_name);
    expect(await feed()).not.toContain('Alice R.');

    await admin.getByRole('link', { name: 'Reviews' }).click();
    await admin.waitForURL(`${base}/admin/reviews`);
    const card = admin.getByTestId('moderated-review').filter({ hasText: 'Alice R.' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Quick, careful and friendly.');
    expect(await card.innerText()).toContain(`Driver ${driver.name}`);
    await screenshot(admin, 'review-moderation');
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Approved' }).click();
    await admin
      .getByTestId('moderated-review')
      .filter({ hasText: 'Alice R.' })
      .getByText('approved', { exact: true })
      .waitFor();

    // The home carousel: newest first, so the new review is the first slide.
    const home = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await home.goto(`${base}/`);
    const carousel = home.getByRole('region', { name: 'Customer reviews' });
    await carousel.hover();
    const first = carousel.locator('figure').first();
    await first.getByText('Alice R.').waitFor();
    expect(await first.innerText()).toContain('The sofa went up three flights without a scratch.');
    expect(await first.getByLabel('5 out of 5 stars').count()).toBe(1);
    await carousel.scrollIntoViewIfNeeded();
    await screenshot(home, 'review-in-carousel');

    // The quotes popup: the driver's rating and count now include the approved review.
    const expected = combinedRating(
      { rating: driver.rating, reviewCount: driver.reviewCount },
      { rating: 1, count: 1 },
    );
    expect(expected.count).toBe(driver.reviewCount + 1);
    await searchMove(home, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await fillMove(home);
    await home.getByRole('button', { name: 'Get Free Quote' }).click();
    const offer = home
      .getByRole('dialog', { name: 'Your quotes' })
      .getByTestId('offer')
      .filter({ has: home.getByRole('heading', { name: driver.name }) });
    await expect
      .poll(() => offer.getByTestId('offer-rating').innerText(), { timeout: 10_000 })
      .toBe(`★ ${expected.rating.toFixed(1)} (${expected.count})`);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(home, 'review-driver-rating');
    for (const p of [admin, customer, home]) await p.close();

    const signedIn = (p: import('playwright-core').Page) =>
      p.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [TOKEN_KEY, token]);
    await expectAccessible(
      browser,
      `${base}/admin/reviews`,
      (p) =>
        p
          .getByRole('button', { name: 'Approved' })
          .click()
          .then(() => p.getByTestId('moderated-review').first().waitFor()),
      signedIn,
    );
  });
});
