/**
 * Issue 28 item 2 in the browser: the driver marks on my way → arrived → done on today's job in the
 * portal, the customer reads each on My move, and the review request reaches them the next morning.
 * Screenshots of the job card with the progress buttons and of My move with the lines, at 1280 and
 * 390 px, day and night (test-artifacts/screens/move-day-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { JOB_PROGRESS_LINE, type MyMoveView, type PaymentSuccessResponse } from '@vanhop/contracts';
import { completeBooking } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave } from '../test/support/gateway-api.js';
import { driverAuth } from '../test/support/staff.js';
import { startOpenNow } from './booking-steps.js';
import { launchChromium, POLL, shot } from './harness.js';
import { DRIVER_TOKEN_KEY, screenPath, setAreaTheme, setTheme, settle, type Theme, type Viewport, VIEWPORTS } from './screens.js';
import { outboxMails } from './outbox-mail.js';
import { giveProof } from './job-done-proof.js';

const DAY = 86_400_000;
const EMAIL = 'moving.today@example.com';


describe('the day of the move: driver portal, then My move (browser)', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let myMovePath = '';
  let driverToken = '';
  let driverName = '';
  let bookingId = '';
  // Booked two days back (a move today could not be booked today), then the wall clock.
  let pinned: Date | null = new Date(Date.now() - 2 * DAY);

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0', STRIPE_SECRET_KEY: '' }, { clock: { now: () => pinned ?? new Date() } });
    browser = await launchChromium();
    const api = apiClient(() => running.product.url);
    const { quote, record } = await priceAndSave(api, completeBooking(startOpenNow(new Date()), { email: EMAIL, name: 'Tess Today' }));
    const { checkout } = await payOnLocalCheckout(api, { ...quote, randomNumber: record.randomNumber, percentage: 30 });
    const success = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', { session_id: checkout.body.sessionId });
    expect(success.status).toBe(200);
    myMovePath = success.body.myMovePath!;
    pinned = null;
    const view = (await api<MyMoveView>('GET', `/api${myMovePath}`)).body;
    bookingId = view.bookingId;
    driverName = view.driver!.name;
    const auth = driverAuth(view.driver!.id, { env: { JWT_SECRET: running.product.env.JWT_SECRET! } });
    driverToken = auth.authorization.replace(/^Bearer /, '');
    // The job is offered once BookingConfirmed reached the quote service: bounded wait for it, then accept.
    for (let tries = 0; (await api('POST', `/api/driver/me/jobs/${bookingId}/accept`, undefined, { headers: auth })).status !== 200; tries++) {
      if (tries > 150) throw new Error('the job was never offered to its driver');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const driverPage = async (viewport: Viewport) => {
    const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
    await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [DRIVER_TOKEN_KEY, driverToken]);
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    return page;
  };
  const portalTheme = async (page: Page, theme: Theme) => {
    await setAreaTheme(page, theme);
    await page.mouse.move(0, 0);
    await settle(page);
  };
  const card = (page: Page) => page.getByRole('article').filter({ has: page.getByTestId('job-progress') });

  it('on my way → arrived → done from the portal; each is a line on My move; the review request follows the next morning', async () => {
    const page = await driverPage(VIEWPORTS[0]);
    await page.goto(`${running.product.url}/driver/jobs`);
    const job = card(page);
    await job.getByRole('button', { name: 'On my way' }).click();
    await job.getByRole('button', { name: 'Arrived' }).waitFor();
    // The job card with its next step, for review, in every width and theme.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await portalTheme(page, theme);
        await shot(page, screenPath('move-day-job-card', viewport, theme));
      }
    }
    await job.getByRole('button', { name: 'Arrived' }).click();
    // "Done" comes with its proof: a photo of the load and the customer's signature (issue 28 item 6).
    await giveProof(page, job);
    await expect.poll(() => job.getByTestId('job-progress').textContent(), POLL).toContain('Job done: thank you');
    expect(await job.getByRole('button', { name: /On my way|Arrived|Done/ }).count()).toBe(0);
    await page.context().close();

    const customer = await browser.newContext({ viewport: VIEWPORTS[0], locale: 'en-GB', timezoneId: 'Europe/London' });
    const myMove = await customer.newPage();
    myMove.setDefaultTimeout(45_000);
    await myMove.goto(`${running.product.url}${myMovePath}`);
    const history = myMove.getByTestId('history');
    await expect
      .poll(async () => (await history.getByRole('listitem').allTextContents()).slice(-3).map((t) => t.replace(/^\d+ \w+ \d{4}, \d\d:\d\d/, '')), POLL)
      .toEqual([JOB_PROGRESS_LINE['on-my-way'](driverName), JOB_PROGRESS_LINE.arrived(driverName), JOB_PROGRESS_LINE.done(driverName)]);
    for (const viewport of VIEWPORTS) {
      await myMove.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') await setTheme(myMove, 'dark');
        else await myMove.reload().then(() => history.waitFor());
        await settle(myMove);
        await shot(myMove, screenPath('move-day-my-move', viewport, theme));
      }
    }
    await customer.close();

    // The next morning: the review service's sweep (every minute, state in its store) asks for the review, once.
    const mails = async () => (await outboxMails(running.dataDir)).filter((m) => m.to.includes(EMAIL) && m.subject === 'How was your move with VanHop?');
    expect(await mails()).toEqual([]);
    pinned = new Date(Date.now() + 2 * DAY);
    await expect.poll(async () => (await mails()).length, { timeout: 100_000, interval: 1_000 }).toBe(1);
  }, 240_000);
});
