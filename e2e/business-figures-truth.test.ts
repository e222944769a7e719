/**
 * The staff figures stay true, in Chromium against the embedded product: two paid bookings, then a
 * staff amendment to one (its price goes up) and a staff cancellation of the other with a refund.
 * The dashboard (1280 px) reads booked, taken, refunded and net after each; the cancelled booking is
 * no longer counted as booked. The customers read the same on My move (390 px), by mail and by text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatPence, type BookingAmendment, type MyMoveView } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { bookAndPay, newestMail, startWithStaff, type StaffOffice } from './back-office-data.js';
import { launchChromium, POLL } from './harness.js';
import { linkPath, waitForMail } from './outbox-mail.js';
import { STAFF_TOKEN_KEY } from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
const route = [
  address('a1', 'London NW2, UK', '12 Cricklewood Lane', 0),
  address('a2', 'London NW6, UK', '3 Kilburn High Road', 0),
];
/** Both customers' phone (the fixtures'), as their texts are addressed. */
const PHONE_NUMBER = '+447123456789';

interface Figures {
  bookings: string;
  booked: string;
  taken: string;
  refunded: string;
  net: string;
}

describe('the staff figures follow an amendment and a refund; a cancelled booking is not booked', () => {
  let office: StaffOffice;
  let browser: Browser;
  const moves: { code: number; id: string; email: string; myMovePath: string; view: MyMoveView }[] = [];

  beforeAll(async () => {
    office = await startWithStaff();
    for (const [i, who] of ['amy', 'ben'].entries()) {
      const email = `${who}.figures@example.com`;
      const booked = await bookAndPay(
        office.api,
        completeBooking(daysAheadAtUtc(new Date(), 3 + i, 10), { name: `${who} Figures`, email, addresses: route }),
      );
      const confirmation = await newestMail(
        office.running.dataDir,
        'the booking confirmation',
        (m) => m.to.includes(email) && /^Booking confirmed/.test(m.subject ?? ''),
      );
      const myMovePath = linkPath(confirmation, 'mymove');
      const view = (await office.api<MyMoveView>('GET', `/api${myMovePath}`)).body;
      moves.push({ ...booked, email, myMovePath, view });
    }
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await office?.running.stop();
  });

  const read = async (page: Page): Promise<Figures> => {
    const text = (id: string) => page.getByTestId(id).innerText({ timeout: 10_000 });
    return {
      bookings: await text('business-bookings'),
      booked: await text('business-revenue'),
      taken: await text('business-taken'),
      refunded: await text('business-refunded'),
      net: await text('business-net'),
    };
  };
  /** The panel as staff see it, reloaded until it shows `expected` (the figures follow events). */
  const dashboardShows = async (expected: Figures) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...UK });
    await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STAFF_TOKEN_KEY, office.staffToken]);
    const page = await context.newPage();
    await page.goto(`${office.base}/admin/dashboard`);
    let last: Figures | null = null;
    await expect
      .poll(
        async () => {
          if (last) await page.reload();
          last = await read(page).catch(() => null);
          return last;
        },
        { timeout: 45_000 },
      )
      .toEqual(expected);
    await context.close();
  };
  const textsTo = (to: string): string[] => {
    const dir = path.join(office.running.dataDir, 'outbox', 'sms');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; body: string; sentAt: string })
      .filter((t) => t.to === to)
      .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
      .map((t) => t.body);
  };
  const pence = (m: MyMoveView) => m.money;

  it('two paid bookings: booked is their prices, taken their deposits, nothing refunded', async () => {
    const [amy, ben] = moves.map((m) => pence(m.view));
    await dashboardShows({
      bookings: '2',
      booked: formatPence(amy!.totalPence + ben!.totalPence),
      taken: formatPence(amy!.paidPence + ben!.paidPence),
      refunded: formatPence(0),
      net: formatPence(amy!.paidPence + ben!.paidPence),
    });
  }, 90_000);

  it('an amendment moves booked by the price difference; the customer is mailed and texted the new price', async () => {
    const amy = moves[0]!;
    const amended = await office.api<{ amendment: BookingAmendment }>(
      'POST',
      `/api/backdata/amend/${amy.id}`,
      { hour: '04hr:00Min' },
      { token: office.staffToken },
    );
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const { totalPence } = amended.body.amendment;
    expect(totalPence).toBeGreaterThan(amy.view.money.totalPence);
    const ben = pence(moves[1]!.view);
    await dashboardShows({
      bookings: '2',
      booked: formatPence(totalPence + ben.totalPence),
      taken: formatPence(amy.view.money.paidPence + ben.paidPence),
      refunded: formatPence(0),
      net: formatPence(amy.view.money.paidPence + ben.paidPence),
    });
    amy.view = (await office.api<MyMoveView>('GET', `/api${amy.myMovePath}`)).body;
    expect(amy.view.money.totalPence).toBe(totalPence);
    await waitForMail(
      office.running.dataDir,
      (m) => m.to.includes(amy.email) && (m.subject ?? '').startsWith(`Booking ${amy.code} changed`),
    );
    await expect
      .poll(
        () =>
          textsTo(PHONE_NUMBER)
            .filter((t) => t.includes(`(booking ${amy.code})`))
            .at(-1),
        POLL,
      )
      .toContain(`has changed: now `);
    expect(
      textsTo(PHONE_NUMBER)
        .filter((t) => t.includes(`(booking ${amy.code})`))
        .at(-1),
    ).toContain(`4 hours, price ${formatPence(totalPence)}`);
  }, 90_000);

  it('a staff cancellation with a refund: no longer booked, the refund counted, net down; the customer reads it everywhere', async () => {
    const [amy, ben] = moves as [(typeof moves)[0], (typeof moves)[0]];
    const refund = ben.view.money.paidPence;
    const cancelled = await office.api(
      'POST',
      `/api/backdata/cancel/${ben.id}`,
      { refundPence: refund, reason: 'No van available that day' },
      { token: office.staffToken },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const taken = amy.view.money.paidPence + refund;
    await dashboardShows({
      bookings: '1',
      booked: formatPence(amy.view.money.totalPence),
      taken: formatPence(taken),
      refunded: formatPence(refund),
      net: formatPence(taken - refund),
    });

    // My move on a phone says it is cancelled and what came back.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...UK });
    const page = await context.newPage();
    await page.goto(`${office.base}${ben.myMovePath}`);
    await expect.poll(() => page.locator('main').innerText(), POLL).toMatch(/cancel/i);
    await expect.poll(() => page.locator('main').innerText(), POLL).toContain(formatPence(refund));
    await context.close();

    const mail = await waitForMail(
      office.running.dataDir,
      (m) => m.to.includes(ben.email) && m.subject === `Booking ${ben.code} cancelled`,
    );
    expect(mail.text).toContain('VanHop has cancelled your booking: No van available that day.');
    await waitForMail(
      office.running.dataDir,
      (m) => m.to.includes(ben.email) && (m.subject ?? '').startsWith('Refund receipt'),
    );
    const bens = () => textsTo(PHONE_NUMBER).filter((t) => t.includes(`booking ${ben.code}`));
    await expect.poll(() => bens().some((t) => t.startsWith('VanHop: we have refunded')), POLL).toBe(true);
    expect(bens().some((t) => t.startsWith('VanHop: VanHop has cancelled your move'))).toBe(true);
  }, 90_000);
});
