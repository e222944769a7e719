/**
 * The office's dispatch decisions across the three views, in Chromium against the embedded product
 * with the demo drivers' portal accounts open (as `npm start` has them), the mails and texts read:
 * - a job its driver declines back to the office is given by staff (1280 px) to a dearer driver,
 *   the office bearing the difference: the new driver's own statement (390 px) shows the agreed
 *   price, the customer's My move names them at the price booked, and the customer is mailed and
 *   texted who their driver is;
 * - suspending a driver with an accepted job hands it to the next free driver at once: the customer
 *   is mailed and texted who (never "no other driver is free"), My move names them, and the new
 *   driver's portal (390 px) lists the offer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  formatPence,
  londonWeekOf,
  type BookingQuoteResponse,
  type EarningsStatement,
  type JobCandidate,
  type JobView,
  type MyMoveView,
} from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../services/fleet/src/domain/demo-drivers.js';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, type Api } from '../test/support/gateway-api.js';
import { bookAndPay, newestMail, signUpStaff, until } from './back-office-data.js';
import { launchChromium, POLL } from './harness.js';
import { linkPath, outboxMails, waitForMail } from './outbox-mail.js';
import { DRIVER_TOKEN_KEY, STAFF_TOKEN_KEY } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const DEMO_PASSWORD = 'vanhop-demo-driver';
/** The fixtures' customer phone, as the texts are addressed. */
const CUSTOMER_PHONE = '+447123456789';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 1000 };
const route = [
  address('a1', 'London NW2, UK', '12 Cricklewood Lane', 0),
  address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
];

describe('dispatch tells everyone the same truth: an agreed price, a suspension handed on', () => {
  let running: EmbeddedOnTempDir;
  let browser: Browser;
  let api: Api;
  let base: string;
  let staffToken: string;

  beforeAll(async () => {
    running = await startEmbeddedOnTempDir({
      ...process.env,
      LOG_LEVEL: 'warn',
      GATEWAY_PORT: '0',
      DEMO_DRIVER_PASSWORD: DEMO_PASSWORD,
    });
    base = running.product.url;
    api = apiClient(() => base);
    staffToken = (await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!)).token;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const driverToken = async (driverId: string): Promise<string> => {
    const email = DEMO_DRIVERS.find((d) => d._id === driverId)!.email;
    const res = await api<{ token: string }>('POST', '/api/driver-account/login', { email, password: DEMO_PASSWORD });
    expect(res.status, `${driverId} signs in with the demo password`).toBe(200);
    return res.body.token;
  };
  const pageAs = async (viewport: { width: number; height: number }, token?: [string, string]): Promise<Page> => {
    const context = await browser.newContext({ viewport, ...UK });
    if (token) await context.addInitScript(([k, t]) => localStorage.setItem(k!, t!), token);
    return context.newPage();
  };
  /** The texts sent to `to`, oldest first (the embedded outbox's SMS folder). */
  const textsTo = (to: string): string[] => {
    const dir = path.join(running.dataDir, 'outbox', 'sms');
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      return [];
    }
    return files
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; body: string; sentAt: string })
      .filter((t) => t.to === to)
      .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
      .map((t) => t.body);
  };
  /** Books the move for `email`, paid 30 %, with the offer `pick` chooses: its My move path and booked driver. */
  const book = async (email: string, daysAhead: number, pick: (offers: BookingQuoteResponse['offers']) => number) => {
    const move = completeBooking(daysAheadAtUtc(new Date(), daysAhead, 10), {
      name: 'Dee Dispatch',
      email,
      addresses: route,
    });
    const priced = await api<BookingQuoteResponse>('POST', '/api/booking', move);
    const offer = priced.body.offers[pick(priced.body.offers)]!;
    const booking = await bookAndPay(api, move, offer.driverId);
    const confirmation = await newestMail(
      running.dataDir,
      'the booking confirmation',
      (m) => m.to.includes(email) && /^Booking confirmed/.test(m.subject ?? ''),
    );
    return { ...booking, offer, myMovePath: linkPath(confirmation, 'mymove'), date: move.date };
  };
  const myMove = async (myMovePath: string) => (await api<MyMoveView>('GET', `/api${myMovePath}`)).body;

  it('a job given to a dearer driver, the office bearing the difference: the agreed price is on their statement', async () => {
    const email = 'dee.agreed@example.com';
    // The driver with the lowest own price (not the offers' first, which counts charges on the day):
    // the hand-on takes only a driver whose own price is within the booked one, so when they decline
    // nobody is and it comes to the office.
    const booked = await book(email, 9, (offers) =>
      offers.reduce((low, o, i) => (o.totalPrice < offers[low]!.totalPrice ? i : low), 0),
    );
    const first = booked.offer.driverId;
    const firstToken = await driverToken(first);

    // The driver declines in their portal, on a phone.
    const portal = await pageAs(PHONE, [DRIVER_TOKEN_KEY, firstToken]);
    await portal.goto(`${base}/driver/jobs`);
    const card = portal.getByRole('article', { name: `Booking ${booked.code}` });
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByRole('button', { name: 'Confirm decline' }).click();
    await until(
      'the job back with the office',
      async () => (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, { token: staffToken })).body,
      (jobs) => jobs.some((j) => j.bookingId === booked.id),
    );
    await portal.context().close();

    const candidates = (
      await api<JobCandidate[]>('GET', `/api/drivers/admin/jobs/${booked.id}/candidates`, undefined, {
        token: staffToken,
      })
    ).body;
    const dearer = candidates.find((c) => c.overBookedPence > 0 && c.portalAccount);
    expect(dearer, 'a dearer driver with a portal account').toBeTruthy();

    // Staff give it to them from the record, agreeing to bear the difference.
    const staff = await pageAs(DESK, [STAFF_TOKEN_KEY, staffToken]);
    const questions: string[] = [];
    staff.on('dialog', (d) => {
      questions.push(d.message());
      void d.accept();
    });
    await staff.goto(`${base}/admin/dashboard?booking=${encodeURIComponent(booked.id)}`);
    const panel = staff.getByRole('dialog', { name: `Record ${booked.code}` });
    await panel.getByTestId('record-reassign').getByRole('button', { name: 'Reassign' }).click();
    await panel.getByRole('button', { name: `Give to ${dearer!.name}` }).click();
    await expect.poll(() => panel.getByRole('status').first().innerText(), POLL).toContain('Reassigned');
    expect(questions).toEqual([
      `${dearer!.name}'s price is ${formatPence(dearer!.pricePence)}, ${formatPence(dearer!.overBookedPence)} more than the ${formatPence(dearer!.bookedPence)} the customer booked. The customer still pays ${formatPence(dearer!.bookedPence)}: reassign and bear the difference?`,
    ]);
    await staff.context().close();

    // The new driver's own statement, on a phone: the job at the price the office agreed.
    const theirs = await pageAs(PHONE, [DRIVER_TOKEN_KEY, await driverToken(dearer!.driverId)]);
    await theirs.goto(`${base}/driver/earnings`);
    const week = theirs.getByTestId('statement-week');
    await week.waitFor();
    const weeksAhead = Math.round(
      (Date.parse(londonWeekOf(new Date(booked.date))) - Date.parse(londonWeekOf(new Date()))) / (7 * 86_400_000),
    );
    for (let i = 0; i < weeksAhead; i++) {
      const before = await week.innerText();
      await theirs.getByRole('group', { name: 'Statement week' }).getByRole('button', { name: 'Next week →' }).click();
      await expect.poll(() => week.innerText(), POLL).not.toBe(before);
    }
    const line = theirs.getByTestId('earnings-line').filter({ hasText: `#${booked.code}` });
    await expect.poll(() => line.count(), POLL).toBe(1);
    const price = await line.locator('td[data-label="Price"]').innerText();
    expect(price).toContain(formatPence(dearer!.pricePence));
    expect(price).toContain(formatPence(dearer!.overBookedPence));
    await theirs.context().close();
    const statement = (
      await api<EarningsStatement>(
        'GET',
        `/api/earnings/admin/drivers/${encodeURIComponent(dearer!.driverId)}?week=${londonWeekOf(new Date(booked.date))}`,
        undefined,
        { token: staffToken },
      )
    ).body;
    expect(statement.lines.find((l) => l.bookingId === booked.id)).toMatchObject({
      pricePence: dearer!.pricePence,
      officeBearsPence: dearer!.overBookedPence,
    });

    // The customer: My move names the new driver at the price booked; mailed and texted who it is.
    const customer = await pageAs(PHONE);
    await customer.goto(`${base}${booked.myMovePath}`);
    await expect.poll(() => customer.getByTestId('driver-standing').innerText(), POLL).toContain(dearer!.name);
    await customer.context().close();
    expect((await myMove(booked.myMovePath)).money.totalPence).toBe(dearer!.bookedPence);
    const told = await waitForMail(
      running.dataDir,
      (m) => m.to.includes(email) && m.subject === `Your new driver for booking ${booked.code}: ${dearer!.name}`,
    );
    expect(told.text).toContain('you pay nothing more for the change');
    await expect
      .poll(
        () =>
          textsTo(CUSTOMER_PHONE)
            .filter((t) => t.includes(`(booking ${booked.code})`))
            .at(-1),
        POLL,
      )
      .toContain(`has changed to ${dearer!.name}`);
  }, 180_000);

  it('suspending a driver with an accepted job: it goes to the next free driver, and everyone is told who', async () => {
    const email = 'dee.suspended@example.com';
    // The dearest driver: others are free for less, so the job has somewhere to go.
    const booked = await book(email, 10, (offers) => offers.length - 1);
    const suspended = booked.offer.driverId;
    const token = await driverToken(suspended);
    await until(
      'the offer reaching the booked driver',
      async () => (await api('POST', `/api/driver/me/jobs/${booked.id}/accept`, undefined, { token })).status,
      (status) => status === 200,
    );

    // Staff suspend them from their page.
    const staff = await pageAs(DESK, [STAFF_TOKEN_KEY, staffToken]);
    await staff.goto(`${base}/admin/drivers/${suspended}`);
    await staff.getByLabel('Reason for suspending').fill('Van off the road');
    await staff.getByRole('button', { name: 'Suspend', exact: true }).click();
    const confirm = staff.getByRole('group', { name: 'Confirm suspension' });
    await expect.poll(() => confirm.getByTestId('suspension-summary').innerText(), POLL).toContain(String(booked.code));
    await confirm.getByRole('button', { name: 'Confirm suspension' }).click();
    await staff.getByRole('heading', { name: 'Suspended', exact: true }).waitFor();
    await staff.context().close();

    // The customer is told the truth: a named new driver, by mail and by text.
    const told = await waitForMail(
      running.dataDir,
      (m) => m.to.includes(email) && (m.subject ?? '').startsWith(`Your new driver for booking ${booked.code}: `),
    );
    const next = told.subject!.slice(`Your new driver for booking ${booked.code}: `.length);
    expect(next).not.toBe(booked.offer.driverName);
    expect(told.text).toContain(`so we have offered it to ${next}, who is free at that time`);
    const mails = await outboxMails(running.dataDir);
    expect(mails.some((m) => m.to.includes(email) && /no other driver is free/.test(m.text ?? ''))).toBe(false);
    await expect
      .poll(
        () =>
          textsTo(CUSTOMER_PHONE)
            .filter((t) => t.includes(`(booking ${booked.code})`))
            .at(-1),
        POLL,
      )
      .toContain(`has changed to ${next}`);

    // My move names the new driver, waiting for their answer.
    const customer = await pageAs(PHONE);
    await customer.goto(`${base}${booked.myMovePath}`);
    await expect.poll(() => customer.getByTestId('driver-standing').innerText(), POLL).toContain(next);
    await customer.context().close();

    // The new driver's portal, on a phone, lists the offer.
    const nextId = (await myMove(booked.myMovePath)).driver!.id;
    const portal = await pageAs(PHONE, [DRIVER_TOKEN_KEY, await driverToken(nextId)]);
    await portal.goto(`${base}/driver/jobs`);
    const card = portal.getByRole('article', { name: `Booking ${booked.code}` });
    await card.waitFor();
    expect(await card.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    await portal.context().close();
  }, 180_000);
});
