/**
 * In Chromium against the embedded product: the job card on the day. Each address
 * links to directions and to a navigation app (no map tiles or scripts loaded); the money stands
 * out; "Call customer" dials the number the card shows (no telephony provider here, so calls are
 * not relayed); "Done" asks for a photo of the load and the customer's signature, drawn with a finger on
 * a touch phone, and My move then says who signed for the move. Staff read the proof on their
 * route. Pictures of the new screens at 1280 and 390 px, day and night (screens/driver-day-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { isCallOpen, type JobProofView } from '@vanhop/contracts';
import { signUpStaff } from './back-office-data.js';
import { startBookedToday, type BookedToday } from './booking-steps.js';
import { driverPortalPage, openMyMove, shootMyMove, shootPortal } from './day-of-move-pages.js';
import { launchChromium, POLL } from './harness.js';
import { giveProof } from './job-done-proof.js';
import { VIEWPORTS } from './screens.js';

const CUSTOMER = { email: 'card.today@example.com', name: 'Cara Card', phone: '07700900777' };

describe('the job card on the day: map links, the call, photos and signature at done (browser)', () => {
  let booked: BookedToday;
  let browser: Browser;

  beforeAll(async () => {
    booked = await startBookedToday(CUSTOMER);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await booked?.running.stop();
  });

  it('links, money, the call stand-in, then "Done" with a photo and a finger-drawn signature; My move says who signed', async () => {
    const page = await driverPortalPage(browser, booked.driverToken, VIEWPORTS.at(-1)!, { touch: true });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${booked.running.product.url}/driver/jobs`);
    const card = page.getByRole('article').filter({ has: page.getByTestId('job-progress') });
    await card.waitFor();

    // Map links: the address text names the link; directions in a new tab, geo: for the phone's app.
    const directions = card.getByTestId('address-directions');
    expect(await directions.count()).toBeGreaterThanOrEqual(2);
    for (const link of await directions.all()) {
      expect(await link.getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=[^&]+$/,
      );
      expect(await link.getAttribute('target')).toBe('_blank');
      const text = (await link.textContent())!;
      expect(await card.getByRole('link', { name: `Open ${text} in a navigation app` }).getAttribute('href')).toMatch(
        /^geo:0,0\?q=/,
      );
    }
    // The price and the cash to collect stand out on the day.
    expect(await card.getByTestId('job-money').textContent()).toMatch(
      /^Price £[\d.,]+ · Cash to collect on the day £[\d.,]+$/,
    );

    // The call: no telephony provider in this installation, so calls are not relayed and the card
    // shows the customer's number: "Call customer" dials that very number (the two agree).
    // Before 04:15 London the test's move started the evening before, and the call closed at midnight.
    if (isCallOpen(booked.moveDate, new Date())) {
      const call = card.getByTestId('job-call').getByRole('link', { name: 'Call customer' });
      expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d{10,13}$/);
      // Every tel: link on the card (the number shown and Call customer) rings the same number.
      const hrefs = await card.locator('a[href^="tel:"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(hrefs).toHaveLength(2);
      expect(new Set(hrefs).size).toBe(1);
    } else {
      expect(await card.getByRole('link', { name: 'Call customer' }).count()).toBe(0);
    }
    await shootPortal(page, 'driver-day-call');

    await card.getByRole('button', { name: 'On my way' }).click();
    await card.getByRole('button', { name: 'Arrived' }).click();
    await card.getByRole('button', { name: 'Done' }).waitFor();
    // "Mark done" with nothing given says what is missing and sends nothing.
    await card.getByRole('button', { name: 'Done' }).click();
    await card.getByRole('button', { name: 'Mark done' }).click();
    await card.getByText('Add at least one photo of the load before marking the job done.').waitFor();
    await card.getByRole('button', { name: 'Not yet' }).click();

    // The photo, then the customer signs with a finger (touch → pointer events).
    await page.setViewportSize(VIEWPORTS.at(-1)!);
    const form = await giveProof(page, card, { input: 'touch', submit: false });
    expect(await form.getByLabel('Signed by').inputValue()).toBe(CUSTOMER.name);
    await shootPortal(page, 'driver-day-done-proof');
    await form.getByRole('button', { name: 'Mark done' }).click();
    const signed = card.getByTestId('signed-for');
    await expect
      .poll(() => signed.textContent(), POLL)
      .toMatch(new RegExp(`^Signed for by ${CUSTOMER.name} at \\d\\d:\\d\\d$`));
    await expect.poll(() => card.getByTestId('job-progress').textContent(), POLL).toContain('Job done: thank you');
    // What was left to collect was taken in cash: the card says so.
    expect(await card.getByTestId('paid-on-day').textContent()).toMatch(
      /^Paid to the driver on the day: cash £[\d,.]+$/,
    );
    expect(await card.getByRole('link', { name: 'Call customer' }).count()).toBe(0);
    await shootPortal(page, 'driver-day-done');
    // Links only: nothing was fetched from a map provider.
    expect(
      requested.filter(
        (u) => !u.startsWith(booked.running.product.url) && !u.startsWith('data:') && !u.startsWith('blob:'),
      ),
    ).toEqual([]);
    await page.context().close();

    // Staff read the proof (their record's section links here).
    const { api, bookingId } = booked;
    const staff = await signUpStaff(api, booked.running.product.env.ADMIN_SIGNUP_CODE!);
    const proof = await api<JobProofView>('GET', `/api/drivers/admin/jobs/${bookingId}/proof`, undefined, {
      token: staff.token,
    });
    expect(proof.status).toBe(200);
    expect(proof.body.photos).toHaveLength(1);
    expect(proof.body.signature).toMatch(/^data:image\/png;base64,/);
    expect(proof.body.signature.length).toBeGreaterThan(500);
    expect(proof.body.signedFor.name).toBe(CUSTOMER.name);
    expect((await api('GET', `/api/drivers/admin/jobs/${bookingId}/proof`)).status).toBe(401);

    // The customer reads who signed on My move.
    const myMove = await openMyMove(browser, `${booked.running.product.url}${booked.myMovePath}`);
    const line = myMove.getByTestId('signed-for');
    await expect
      .poll(() => line.textContent(), POLL)
      .toMatch(new RegExp(`^Signed for by ${CUSTOMER.name} at \\d\\d:\\d\\d$`));
    // The balance the driver collected reads settled: no "Pay the balance".
    await expect
      .poll(() => myMove.getByTestId('paid-on-day').textContent(), POLL)
      .toMatch(/^Paid to the driver on the day: cash £[\d,.]+: nothing is left to pay\.$/);
    expect(await myMove.getByRole('button', { name: /Pay the balance/ }).count()).toBe(0);
    await shootMyMove(myMove, line, 'driver-day-my-move-signed');
    await myMove.context().close();
  }, 300_000);
});
