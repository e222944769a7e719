/**
 * An amendment asked for in Instant Support, applied by staff from the record detail panel.
 * A customer books with a 30 % deposit on the local checkout; staff sign in, open the job, give it
 * more hours on another date; the panel says the new total and balance, the customer's My move page
 * shows the new move, the balance and the history line, and the amendment e-mails are in the outbox.
 */
import { describe, expect, it } from 'vitest';
import type { MyMoveView } from '@vanhop/contracts';
import { formatPence, formatPounds } from '@vanhop/contracts';
import { formatLondonDate } from '../frontend/src/lib/london-date.js';
import { apiClient } from '../test/support/gateway-api.js';
import { shot, useProductAndBrowser } from './harness.js';
import { expectAccessible } from './axe-check.js';
import { bookAndPay, pickDay, poundsOf, waitForStatus } from './booking-steps.js';
import { linkPath, waitForMail } from './outbox-mail.js';

describe('staff amend a booking from the record detail panel', () => {
  const ctx = useProductAndBrowser();
  const api = apiClient(() => ctx.product.url);

  it('more hours on a later date: new total and balance in the panel, on My move (with the history line) and in the e-mails', async () => {
    const base = ctx.product.url;
    const customer = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    customer.on('dialog', (d) => void d.dismiss());
    const who = { name: 'Amy Amend', email: 'amy.amend@example.com' };
    const booked = await bookAndPay(customer, base, who, 30, 5);
    await waitForStatus(customer, booked.myMoveUrl, '30 % deposit paid');
    const before = (await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body;
    expect(before.move.totalHour).toBe(2.5);

    // Staff: an account made with the printed sign-up code, then the login form.
    const staff = { name: 'amy_support', password: 'pw-amend-123' };
    const registered = await api('POST', '/api/account/register', {
      name: staff.name,
      password: staff.password,
      password1: staff.password,
      uniquecode: ctx.product.env.ADMIN_SIGNUP_CODE,
    });
    expect(registered.status).toBe(201);
    const admin = await ctx.browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await admin.goto(`${base}/admin/login`);
    await admin.getByLabel('Username').fill(staff.name);
    await admin.getByLabel('Password').fill(staff.password);
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.waitForURL(`${base}/admin/dashboard`);

    const card = admin.getByTestId('job-card').locator(`[data-code="${booked.code}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain(`${formatPounds(before.money.totalPence / 100)}`);
    await card.click();
    const panel = admin.getByRole('dialog', { name: `Record ${booked.code}` });
    await panel.getByRole('heading', { name: 'Amend booking' }).waitFor();
    await panel.getByRole('button', { name: 'Change date, hours or stops' }).click();
    expect(await panel.getByLabel('Booked hours').inputValue()).toBe('2.5');
    const stops = panel.getByTestId('amend-stop');
    expect(await stops.count()).toBe(2);
    expect(await panel.getByRole('group', { name: 'Collection' }).getByLabel('Building address').inputValue()).toBe(
      '12 Cricklewood Lane',
    );

    await panel.getByLabel('Booked hours').selectOption({ label: '05hr:00Min' });
    // The calendar opens inside the panel; Escape closes the calendar only, not the panel.
    await panel.locator('#amend-date').click();
    await admin.getByRole('dialog', { name: 'Choose moving date and time' }).waitFor();
    await shot(admin, 'amend-panel-calendar');
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog', { name: 'Choose moving date and time' }).waitFor({ state: 'detached' });
    expect(await panel.isVisible()).toBe(true);
    const newDay = await pickDay(admin, '#amend-date', 8, '10:00');
    await shot(admin, 'amend-panel-form');
    await panel.getByRole('button', { name: 'Save amendment' }).click();

    const outcome = panel.getByTestId('amend-outcome');
    await outcome.waitFor();
    const words = await outcome.innerText();
    const newTotal = poundsOf(/New total: (£[\d,]+\.\d{2})/.exec(words)?.[1] ?? '');
    expect(words).toContain(`(was ${formatPounds(before.money.totalPence / 100)})`);
    expect(newTotal).toBeGreaterThan(before.money.totalPence / 100);
    const balance = Math.round(newTotal * 100) - before.money.paidPence;
    expect(words).toContain(
      `Balance to pay: ${formatPounds(balance / 100)} (online on My move or to the driver on the day).`,
    );
    // The panel's own figures are the amended record's.
    const detail = await panel.innerText();
    expect(detail).toMatch(new RegExp(`Total price\\s+£${newTotal.toFixed(2).replace('.', '\\.')}`));
    expect(detail).toMatch(new RegExp(`Outstanding balance\\s+£${(balance / 100).toFixed(2).replace('.', '\\.')}`));
    expect(detail).toMatch(/Booked hours\s+05hr:00Min/);
    const after = (await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body;
    expect(formatLondonDate(new Date(after.move.date))).toMatch(/, 10:00$/);
    expect(detail).toContain(formatLondonDate(new Date(after.move.date)));
    await shot(admin, 'amend-panel-outcome');
    // The list was read again: the card carries the new total once the panel is closed.
    await admin.keyboard.press('Escape');
    await expect.poll(() => card.innerText(), { timeout: 10_000 }).toContain(`${formatPounds(newTotal)}`);

    // The customer's My move: the new move, the balance to pay online, the history line.
    await customer.goto(booked.myMoveUrl);
    await customer.getByTestId('move-status').waitFor();
    const [d, month, year] = newDay.split(' ');
    expect(await customer.getByTestId('move-date').innerText()).toContain(`${d} ${month} ${year} at 10:00`);
    expect(await customer.locator('.mymove-row', { hasText: 'Booked time' }).innerText()).toMatch(/5 hours/);
    expect(await customer.getByTestId('money-balance').innerText()).toBe(`${formatPounds(balance / 100)}`);
    expect(
      await customer.getByRole('button', { name: `Pay the balance of ${formatPounds(balance / 100)}` }).count(),
    ).toBe(1);
    const history = await customer.getByTestId('history').innerText();
    expect(history).toMatch(
      new RegExp(
        `Amended by VanHop: date .+ → .+; hours 2 h 30 min → 5 h; price £[\\d,]+\\.\\d{2} → ${formatPounds(newTotal).replace('.', '\\.')}: ${formatPence(balance).replace('.', '\\.')} left to pay$`,
        'm',
      ),
    );
    // The office's username is never shown to the customer.
    expect(history).not.toContain(staff.name);
    await shot(customer, 'amend-mymove');

    // The e-mails: the customer's with the My move link, the driver's job sheet.
    const mail = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes(who.email) && !!m.subject?.startsWith(`Booking ${booked.code} changed:`),
      20_000,
    );
    expect(mail.text).toContain('As agreed with VanHop Support, we have changed your move');
    expect(mail.text).toContain('Booked time: 5 hours (was 2 hours 30 minutes)');
    expect(mail.text).toContain(`The new price is ${formatPounds(newTotal)}`);
    expect(mail.text).toContain(`Left to pay: ${formatPounds(balance / 100)}`);
    // The link is made for the new date (it expires after the move), and opens the amended booking.
    const mailed = (await api<MyMoveView>('GET', `/api${linkPath(mail, 'mymove')}`)).body;
    expect(mailed).toMatchObject({ bookingId: after.bookingId, move: { date: after.move.date, totalHour: 5 } });
    const driverMail = await waitForMail(
      ctx.dataDir,
      (m) => !m.to.includes(who.email) && !!m.subject?.startsWith(`Job ${booked.code} changed:`),
      20_000,
    );
    expect(driverMail.text).toContain(`Collect from the customer on the day: ${formatPounds(balance / 100)}.`);

    // The open amendment form passes axe (WCAG 2 A and AA): every field labelled, errors announced.
    const token = await admin.evaluate(() => localStorage.getItem('vanhop.adminToken'));
    await expectAccessible(
      ctx.browser,
      `${base}/admin/dashboard`,
      async (p) => {
        await p.getByTestId('job-card').locator(`[data-code="${booked.code}"]`).click();
        await p.getByRole('button', { name: 'Change date, hours or stops' }).click();
        await p.getByRole('button', { name: 'Add a via stop' }).click();
        await p.getByRole('group', { name: 'Via stop 1' }).waitFor();
      },
      (p) => p.addInitScript((t) => localStorage.setItem('vanhop.adminToken', t), token!),
    );

    await admin.close();
    await customer.close();
  });
});
