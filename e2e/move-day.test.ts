/**
 * In the browser: the driver marks on my way → arrived → done on today's job in the
 * portal, the customer reads each on My move, and the review request reaches them the next morning.
 * Screenshots of the job card with the progress buttons and of My move with the lines, at 1280 and
 * 390 px, day and night (test-artifacts/screens/move-day-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { JOB_PROGRESS_LINE } from '@vanhop/contracts';
import { startBookedToday, type BookedToday } from './booking-steps.js';
import { driverPortalPage, openMyMove, shootMyMove, shootPortal } from './day-of-move-pages.js';
import { launchChromium, POLL } from './harness.js';
import { VIEWPORTS } from './screens.js';
import { outboxMails } from './outbox-mail.js';
import { giveProof } from './job-done-proof.js';

const DAY = 86_400_000;
const EMAIL = 'moving.today@example.com';

describe('the day of the move: driver portal, then My move (browser)', () => {
  let booked: BookedToday;
  let browser: Browser;

  beforeAll(async () => {
    // The review service's sweep every half second: the test waits for the request, not for a minute.
    booked = await startBookedToday({ email: EMAIL, name: 'Tess Today' }, { REVIEW_SWEEP_INTERVAL_MS: '500' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await booked?.running.stop();
  });

  const card = (page: Page) => page.getByRole('article').filter({ has: page.getByTestId('job-progress') });

  it('on my way → arrived → done from the portal; each is a line on My move; the review request follows the next morning', async () => {
    const page = await driverPortalPage(browser, booked.driverToken, VIEWPORTS[0]);
    await page.goto(`${booked.running.product.url}/driver/jobs`);
    const job = card(page);
    await job.getByRole('button', { name: 'On my way' }).click();
    await job.getByRole('button', { name: 'Arrived' }).waitFor();
    // The job card with its next step, for review, in every width and theme.
    await shootPortal(page, 'move-day-job-card');
    await job.getByRole('button', { name: 'Arrived' }).click();
    // "Done" comes with its proof: a photo of the load and the customer's signature.
    await giveProof(page, job);
    await expect.poll(() => job.getByTestId('job-progress').textContent(), POLL).toContain('Job done: thank you');
    expect(await job.getByRole('button', { name: /On my way|Arrived|Done/ }).count()).toBe(0);
    await page.context().close();

    const myMove = await openMyMove(browser, `${booked.running.product.url}${booked.myMovePath}`);
    const history = myMove.getByTestId('history');
    await expect
      .poll(
        async () =>
          (await history.getByRole('listitem').allTextContents())
            .slice(-4)
            .map((t) => t.replace(/^\d+ \w+ \d{4}, \d\d:\d\d/, '')),
        POLL,
      )
      .toEqual([
        JOB_PROGRESS_LINE['on-my-way'](booked.driver.name),
        JOB_PROGRESS_LINE.arrived(booked.driver.name),
        JOB_PROGRESS_LINE.done(booked.driver.name),
        // Done records what the customer paid the driver on the day.
        expect.stringMatching(/^Paid to the driver on the day: /),
      ]);
    await shootMyMove(myMove, history, 'move-day-my-move');
    await myMove.context().close();

    // The next morning: the review service's sweep (state in its store) asks for the review, once.
    const mails = async () =>
      (await outboxMails(booked.running.dataDir)).filter(
        (m) => m.to.includes(EMAIL) && m.subject === 'How was your move with VanHop?',
      );
    expect(await mails()).toEqual([]);
    booked.pin(new Date(Date.now() + 2 * DAY));
    await expect.poll(async () => (await mails()).length, { timeout: 30_000, interval: 250 }).toBe(1);
  }, 240_000);
});
