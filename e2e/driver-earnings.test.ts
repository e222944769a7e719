/**
 * In Chromium against the embedded product: a driver's week with a cash job (30 %
 * online, the rest in cash), a job whose balance was paid online and a job cancelled in the
 * cooling-off hour and refunded. The staff page and the driver's portal page show the same
 * statement, adding up to the ledger; staff pay out what is owed (the local ledger, no key set).
 * Pictures of both screens in both themes at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  EARNINGS_MSG,
  formatPence,
  londonWeekOf,
  shiftDay,
  weekText,
  type DriverAdminView,
  type EarningsStatement,
} from '@vanhop/contracts';
import { address, completeBooking } from '../test/support/booking-fixtures.js';
import type { EmbeddedOnTempDir } from '../test/support/embedded.js';
import { payFormAction, type Api } from '../test/support/gateway-api.js';
import { addSignedInDriver, bookAndPay, newestMail, startWithStaff, until } from './back-office-data.js';
import { launchChromium, POLL, screenshot } from './harness.js';
import { linkPath } from './outbox-mail.js';
import { DRIVER_TOKEN_KEY, screenPath, setAreaTheme, settle, STAFF_TOKEN_KEY, VIEWPORT_THEMES } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const CUSTOMERS = ['cash', 'online', 'refund'].map((k) => ({ name: `Erin ${k}`, email: `erin.${k}@example.com` }));

/** The London week after next: the three moves fall on its Tuesday, Wednesday and Thursday (two "Next week" presses away). */
const WEEKS_AHEAD = 2;
const monday = shiftDay(londonWeekOf(new Date()), 7 * WEEKS_AHEAD);

describe('what a driver earns: a cash job, an online balance and a refund add up to the ledger', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let api: Api;
  let base: string;
  let eve: DriverAdminView;
  let eveToken: string;
  let staffToken: string;

  beforeAll(async () => {
    const office = await startWithStaff();
    ({ running, base, api, staffToken } = office);
    // Eve is the cheapest driver on the card of the cheapest demo driver, so she can be booked.
    ({ driver: eve, token: eveToken } = await addSignedInDriver(office, office.drivers[0]!, {
      name: 'Eve Earner',
      email: 'eve.earner@drivers.example',
      phone: '07700900777',
      basePostcode: 'NW2',
    }));

    const booked = [];
    for (const [i, who] of CUSTOMERS.entries()) {
      const move = completeBooking(`${shiftDay(monday, 1 + i)}T10:00:00.000Z`, {
        ...who,
        addresses: [
          address('a1', 'London NW2, UK', '12 Cricklewood Lane', 0),
          address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
        ],
      });
      booked.push(await bookAndPay(api, move, eve.id));
    }
    const myMove = async (email: string) =>
      linkPath(
        await newestMail(
          running.dataDir,
          `${email}'s confirmation`,
          (m) => m.to.includes(email) && /^Booking confirmed/.test(m.subject ?? ''),
        ),
        'mymove',
      );
    // The second customer pays the balance online on My move.
    const balance = await api<{ url: string }>('POST', `/api${await myMove(CUSTOMERS[1]!.email)}/pay-balance`);
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    const page = await api<string>('GET', balance.body.url);
    expect((await api('POST', payFormAction(page.body), '', { form: true })).status).toBe(303);
    // The third cancels within the cooling-off hour: all of it is refunded.
    expect((await api('POST', `/api${await myMove(CUSTOMERS[2]!.email)}/cancel`, { confirm: true })).status).toBe(200);

    await until(
      'the ledger to hear of the balance and the refund',
      async () =>
        (
          await api<EarningsStatement>('GET', `/api/earnings/admin/drivers/${eve.id}?week=${monday}`, undefined, {
            token: staffToken,
          })
        ).body,
      (s) => s.lines?.length === 3 && s.totals.balanceOnlinePence > 0 && s.totals.refundedPence > 0,
      30_000,
    );
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const statement = async () =>
    (
      await api<EarningsStatement>('GET', `/api/earnings/admin/drivers/${eve.id}?week=${monday}`, undefined, {
        token: staffToken,
      })
    ).body;

  const pageAs = async (key: string, token: string, viewport: { width: number; height: number }): Promise<Page> => {
    const context = await browser.newContext({ viewport, ...UK });
    await context.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [key, token]);
    return context.newPage();
  };
  const toTheWeek = async (page: Page) => {
    await page.getByTestId('statement-week').waitFor();
    for (let i = 0; i < WEEKS_AHEAD; i++) {
      const before = await page.getByTestId('statement-week').innerText();
      await page.getByRole('group', { name: 'Statement week' }).getByRole('button', { name: 'Next week →' }).click();
      await expect.poll(() => page.getByTestId('statement-week').innerText(), POLL).not.toBe(before);
    }
  };

  it('the ledger: one cash job, one balance paid online, one refunded; every line adds up to the totals and the balance', async () => {
    const s = await statement();
    const [cash, online, refunded] = s.lines;
    expect(cash).toMatchObject({ balanceOnlinePence: 0, refundedPence: 0, cancelled: false });
    expect(cash!.cashPence).toBe(cash!.pricePence - cash!.depositOnlinePence);
    expect(online).toMatchObject({ cashPence: 0, onlineKeptPence: online!.pricePence });
    expect(online!.balanceOnlinePence).toBe(online!.pricePence - online!.depositOnlinePence);
    expect(refunded).toMatchObject({
      cancelled: true,
      refundedPence: refunded!.depositOnlinePence,
      onlineKeptPence: 0,
      cashPence: 0,
      commissionPence: 0,
      netPence: 0,
    });
    for (const l of s.lines) {
      expect(l.commissionPence).toBe(
        Math.round((l.onlineKeptPence * 1500) / 10_000) + Math.round((l.cashPence * 1500) / 10_000),
      );
      expect(l.netPence).toBe(l.onlineKeptPence - l.commissionPence);
    }
    expect(s.totals.netPence).toBe(s.lines.reduce((n, l) => n + l.netPence, 0));
    expect(s.balancePence).toBe(s.totals.netPence);
  });

  it.each(VIEWPORT_THEMES)(
    "the driver's own statement in the portal ($viewport.width px, $theme)",
    async ({ viewport, theme }) => {
      const s = await statement();
      const page = await pageAs(DRIVER_TOKEN_KEY, eveToken, viewport);
      await page.goto(`${base}/driver/earnings`);
      await toTheWeek(page);
      await expect.poll(() => page.getByTestId('earnings-line').count(), POLL).toBe(3);
      expect(await page.getByTestId('commission-total').innerText()).toBe(formatPence(s.totals.commissionPence));
      expect(await page.getByRole('button', { name: /Pay out/ }).count()).toBe(0);
      await setAreaTheme(page, theme);
      await settle(page);
      await screenshot(page, screenPath('portal-earnings', viewport, theme));
      await page.context().close();
    },
  );

  it('the CSV downloads with its filename, and Print keeps only the statement', async () => {
    const page = await pageAs(DRIVER_TOKEN_KEY, eveToken, { width: 1280, height: 900 });
    await page.goto(`${base}/driver/earnings`);
    await toTheWeek(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`vanhop-statement-${eve.id}-${monday}.csv`);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.documentElement.classList.add('print-earnings'));
    expect(await page.getByRole('button', { name: 'Download CSV' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Driver portal' }).isVisible()).toBe(false);
    await page.context().close();
  });

  it.each(VIEWPORT_THEMES)(
    "the staff driver page's earnings ($viewport.width px, $theme)",
    async ({ viewport, theme }) => {
      const page = await pageAs(STAFF_TOKEN_KEY, staffToken, viewport);
      await page.goto(`${base}/admin/drivers/${eve.id}`);
      await toTheWeek(page);
      await expect.poll(() => page.getByTestId('earnings-line').count(), POLL).toBe(3);
      await setAreaTheme(page, theme);
      await page.getByRole('heading', { name: 'Earnings' }).scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, screenPath('staff-driver-earnings', viewport, theme));
      await page.context().close();
    },
  );

  it('nothing of a week not begun is paid out: the moves are not done, the page says so and a payout is refused naming the week', async () => {
    const before = await statement();
    expect(before.balancePence).toBeGreaterThan(0);
    expect(before.payablePence).toBe(0);
    const page = await pageAs(STAFF_TOKEN_KEY, staffToken, { width: 1280, height: 900 });
    await page.goto(`${base}/admin/drivers/${eve.id}`);
    await toTheWeek(page);
    expect(await page.getByRole('button', { name: 'Pay out £0.00' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId('line-payout').allInnerTexts(), POLL)
      .toContain('Not done yet: paid out once the driver marks the move done');
    const refused = await api<{ message: string }>(
      'POST',
      `/api/earnings/admin/drivers/${eve.id}/payouts`,
      { week: monday },
      { token: staffToken },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(EARNINGS_MSG.futureWeek(weekText(monday)));
    expect((await statement()).payouts).toEqual([]);
    await page.context().close();
  });
});
