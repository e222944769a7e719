/**
 * A back office that finds things. In Chromium, as staff: the booking search
 * (a code, a name, a phone typed with spaces) opening the record's panel with its job status and
 * change history; a driver's week calendar paging to their job and linking to its record; a
 * driver's documents, where an expired insurance takes them out of new quotes, the list badges
 * it and a licence near expiry mails the driver and the office once. Then a picture of each new
 * screen at desktop and phone width, in the day and the night theme (test-artifacts/screens/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BookingQuoteResponse } from '@vanhop/contracts';
import { POLL, shot, windowShot } from './harness.js';
import { startFindsOffice, weekdayAhead, type FindsOffice } from './finds-data.js';
import { outboxMails, waitForMail } from './outbox-mail.js';
import { openAreaScreen, screenPath, visitorPage, VIEWPORT_THEMES, VIEWPORTS } from './screens.js';
import type { AreaScreen } from './screen-list.js';
import { address, completeBooking } from '../test/support/booking-fixtures.js';
import { apiClient } from '../test/support/gateway-api.js';

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** Runs the search box on the dashboard. */
async function search(page: Page, q: string) {
  const box = page.getByTestId('booking-search');
  await box.getByLabel('Find a booking').fill(q);
  await box.getByRole('button', { name: 'Search' }).click();
  await box.getByTestId('search-summary').waitFor();
  return box;
}

/** Pages the calendar forward (at most a few weeks) until the job with `code` shows. */
async function calendarShowing(page: Page, code: number) {
  const calendar = page.getByTestId('driver-calendar');
  await calendar.getByTestId('calendar-week').waitFor();
  for (
    let i = 0;
    i < 3 && (await calendar.locator(`[data-testid=calendar-job][data-code="${code}"]`).count()) === 0;
    i++
  ) {
    const before = await calendar.getByTestId('calendar-week').textContent();
    await calendar.getByRole('button', { name: 'Next week →' }).click();
    await expect.poll(() => calendar.getByTestId('calendar-week').textContent(), POLL).not.toBe(before);
  }
  await calendar.locator(`[data-testid=calendar-job][data-code="${code}"]`).waitFor();
  return calendar;
}

describe('a back office that finds things (search, driver calendar, documents)', () => {
  let office: FindsOffice;
  beforeAll(async () => {
    office = await startFindsOffice();
  }, 240_000);
  afterAll(async () => {
    await office?.stop();
  });

  const staffPage = (viewport: { width: number; height: number } = VIEWPORTS[0]) =>
    visitorPage(office.browser, office.data, 'staff', viewport);

  it('search finds a booking by code, name and a phone typed with spaces; the result opens its panel with job status and history', async () => {
    const page = await staffPage();
    try {
      await page.goto(`${office.base}/admin/dashboard`);
      // The job-status column of the lists: the booking's state and the driver's answer, from the record itself.
      const row = page.getByTestId('job-card').locator(`[data-code="${office.data.jobCode}"]`);
      await expect
        .poll(() => row.getByTestId('job-status').textContent(), POLL)
        .toBe('Waiting for Dana Driver to accept');
      const accepted = page.getByTestId('job-card').locator(`[data-code="${office.acceptedCode}"]`);
      await expect.poll(() => accepted.getByTestId('job-status').textContent(), POLL).toBe('Accepted by Dana Driver');

      let box = await search(page, 'carla');
      await expect
        .poll(
          () => box.getByTestId('search-result').evaluateAll((els) => els.map((e) => e.getAttribute('data-code'))),
          POLL,
        )
        .toEqual([String(office.data.jobCode)]);
      box = await search(page, String(office.data.quotationCode));
      await expect
        .poll(() => box.locator(`[data-testid=search-result][data-code="${office.data.quotationCode}"]`).count(), POLL)
        .toBe(1);
      box = await search(page, '07700900 321');
      await expect
        .poll(() => box.locator(`[data-testid=search-result][data-code="${office.data.jobCode}"]`).count(), POLL)
        .toBe(1);
      box = await search(page, 'nobody-by-this-name');
      await expect.poll(() => box.getByTestId('search-summary').textContent(), POLL).toContain('No bookings match');
      await box.getByLabel('Find a booking').fill('x');
      await box.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => box.getByRole('alert').textContent(), POLL).toBe('Type at least 2 characters to search');

      box = await search(page, 'CARLA');
      await box.locator(`[data-testid=search-result][data-code="${office.data.jobCode}"]`).click();
      const panel = page.getByRole('dialog', { name: `Record ${office.data.jobCode}` });
      await panel.waitFor();
      expect(await panel.getByTestId('detail-job-status').textContent()).toBe('Waiting for Dana Driver to accept');
      const history = panel.getByTestId('record-history');
      await expect
        .poll(() => history.locator('li').allTextContents(), POLL)
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining('Quote saved'),
            expect.stringContaining('Booked: 30 % deposit'),
          ]),
        );
      expect(await history.locator('time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it("a driver's calendar: their hours and days off week by week, their job linking to its record", async () => {
    const page = await staffPage();
    try {
      await page.goto(`${office.base}/admin/drivers/${office.data.driver.id}`);
      const calendar = await calendarShowing(page, office.data.jobCode);
      const days = calendar.getByTestId('calendar-day');
      expect(await days.count()).toBe(7);
      // Dana works weekdays 08:00 to 18:00 (a split Thursday) and not at weekends.
      const hours = await calendar.getByTestId('calendar-hours').allTextContents();
      expect(hours[0]).toBe('08:00–18:00');
      expect(hours[3]).toBe('07:00–12:00, 14:00–21:30');
      expect(hours.slice(5)).toEqual(['Not working', 'Not working']);
      const job = calendar.locator(`[data-testid=calendar-job][data-code="${office.data.jobCode}"]`);
      expect(await job.textContent()).toContain('3 h');
      // Previous then next again comes back to the same week.
      const week = await calendar.getByTestId('calendar-week').textContent();
      await calendar.getByRole('button', { name: '← Previous week' }).click();
      await expect.poll(() => calendar.getByTestId('calendar-week').textContent(), POLL).not.toBe(week);
      await calendar.getByRole('button', { name: 'Next week →' }).click();
      await expect.poll(() => calendar.getByTestId('calendar-week').textContent(), POLL).toBe(week);
      await job.getByRole('link').click();
      await page.getByRole('dialog', { name: `Record ${office.data.jobCode}` }).waitFor();
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('documents: an expired insurance keeps the driver out of new quotes and is badged; a licence near expiry is mailed once', async () => {
    const { driver } = office.data;
    const page = await staffPage();
    const api = apiClient(() => office.base);
    const offersDana = async () => {
      const move = completeBooking(weekdayAhead(8, 10), {
        addresses: [
          address('b1', 'London NW2, UK', '1 Test Road', 0),
          address('b2', 'London SE1, UK', '2 Test Road', 0),
        ],
      });
      const priced = await api<BookingQuoteResponse>('POST', '/api/booking', move);
      expect(priced.status).toBe(200);
      return priced.body.offers.some((o) => o.driverId === driver.id);
    };
    try {
      expect(await offersDana()).toBe(true);
      await page.goto(`${office.base}/admin/drivers/${driver.id}`);
      const docs = page.getByTestId('driver-documents');
      const insurance = docs.getByRole('group', { name: /Insurance/ });
      const licence = docs.getByRole('group', { name: /Driving licence/ });
      await insurance.getByLabel('Reference').waitFor();
      // Checked in the page with the shared schema before anything is sent.
      await insurance.getByLabel('Reference').fill('POL-1');
      await docs.getByRole('button', { name: 'Save documents' }).click();
      await expect
        .poll(() => insurance.locator('.vh-field-error').textContent(), POLL)
        .toBe('Expiry date must be a date like 2027-01-31');

      await insurance.getByLabel('Reference').fill('POL-778812');
      await insurance.getByLabel('Expiry date').fill(isoDay(-1));
      await licence.getByLabel('Reference').fill('DRIVE801019D99');
      // Within the 14 reminder days, and still valid on the day of the move priced below (at most 12 days ahead).
      await licence.getByLabel('Expiry date').fill(isoDay(14));
      await docs.getByRole('button', { name: 'Save documents' }).click();
      await docs.getByRole('status').filter({ hasText: 'Documents saved' }).waitFor();
      await docs.getByTestId('documents-barred').waitFor();
      expect(await docs.getByTestId('document-standing').allTextContents()).toEqual(['Expired', 'Expiring soon']);

      expect(await offersDana()).toBe(false);

      await page.goto(`${office.base}/admin/drivers`);
      const row = page.getByTestId('driver-row').filter({ hasText: driver.name });
      await expect.poll(() => row.getByTestId('document-badge').textContent(), POLL).toBe('Insurance expired');

      // The licence expires within 14 days: the driver and the office are mailed, once.
      const toDriver = await waitForMail(
        office.running.dataDir,
        (m) => m.to.includes(driver.email) && m.subject === 'Your driving licence expires soon',
        30_000,
      );
      expect(toDriver.text).toContain('DRIVE801019D99');
      await waitForMail(
        office.running.dataDir,
        (m) => m.subject === "Dana Driver's driving licence expires soon" && !m.to.includes(driver.email),
        30_000,
      );

      // Renewed: offered again, and saving again sends no second reminder.
      await page.goto(`${office.base}/admin/drivers/${driver.id}`);
      await expect.poll(() => insurance.getByLabel('Reference').inputValue(), POLL).toBe('POL-778812');
      await insurance.getByLabel('Expiry date').fill(isoDay(400));
      await docs.getByRole('button', { name: 'Save documents' }).click();
      await expect
        .poll(() => docs.getByTestId('document-standing').allTextContents(), POLL)
        .toEqual(['Valid', 'Expiring soon']);
      expect(await offersDana()).toBe(true);
      const reminders = (await outboxMails(office.running.dataDir)).filter(
        (m) => m.subject === 'Your driving licence expires soon',
      );
      expect(reminders).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  // After the documents test: Dana's licence expires soon (badged), and their documents are recorded.
  const SCREENS: AreaScreen[] = [
    {
      name: 'admin-search-results',
      as: 'staff',
      path: () => '/admin/dashboard',
      show: async (page) => {
        const box = await search(page, 'example.com');
        await box.getByTestId('search-result').first().waitFor();
      },
    },
    {
      name: 'admin-record-history',
      as: 'staff',
      dialog: true,
      path: () => '/admin/dashboard',
      show: async (page, data) => {
        const box = await search(page, String(data.jobCode));
        await box.getByTestId('search-result').first().click();
        const panel = page.getByRole('dialog', { name: `Record ${data.jobCode}` });
        await panel.getByTestId('record-history').scrollIntoViewIfNeeded();
      },
    },
    {
      name: 'admin-driver-calendar',
      as: 'staff',
      path: (data) => `/admin/drivers/${data.driver.id}`,
      show: async (page, data) => {
        await calendarShowing(page, data.jobCode);
        await page.getByTestId('driver-documents').getByTestId('document-standing').first().waitFor();
      },
    },
    {
      name: 'admin-drivers-documents',
      as: 'staff',
      path: () => '/admin/drivers',
      show: (page) => page.getByTestId('document-badge').first().waitFor(),
    },
  ];

  it.each(VIEWPORT_THEMES)(
    'screenshots: $viewport.name, $theme theme',
    async ({ viewport, theme }) => {
      const page = await staffPage(viewport);
      try {
        for (const screen of SCREENS) {
          await openAreaScreen(page, office.base, screen, office.data, theme);
          await (screen.dialog ? windowShot : shot)(page, screenPath(screen.name, viewport, theme));
        }
      } finally {
        await page.context().close();
      }
    },
    180_000,
  );
});
