/**
 * Life after booking in the browser. A customer books on the local checkout, reaches My move
 * from the success page (no account), pays the balance, cancels in the cooling-off hour with a full
 * refund, postpones and gives a new date; the mails land in the outbox and staff see the cancellation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { MyMoveView } from '@vanhop/contracts';
import { formatPounds } from '@vanhop/contracts';
import { apiClient } from '../test/support/gateway-api.js';
import { shot, useProductAndBrowser } from './harness.js';
import { bookAndPay, pickDay, poundsOf, waitForStatus } from './booking-steps.js';

const TOKEN_KEY = 'vanhop.adminToken';

/** Every mail in the outbox so far. */
async function outbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

const addressedTo = (mail: ParsedMail, email: string) => [mail.to].flat().some((a) => a?.text.includes(email));

/** Waits for the mails matching `match` to number `count`, then returns them. */
async function mails(dataDir: string, match: (m: ParsedMail) => boolean, count = 1): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await outbox(dataDir)).filter(match);
        return found.length;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(count);
  return found;
}

describe('My move: after booking', () => {
  const ctx = useProductAndBrowser();
  const api = apiClient(() => ctx.product.url);

  it('a: book with a 30 % deposit → success summary → My move → pay the balance → paid in full with two receipts; the receipt prints', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    const who = { name: 'Ada Balance', email: 'ada.balance@example.com' };
    const booked = await bookAndPay(page, base, who, 30);

    // the success page: human status, the move and the money
    expect(await page.getByTestId('payment-status').innerText()).toBe('30 % deposit paid');
    const summary = await page.getByTestId('move-summary').innerText();
    expect(summary).toContain('12 Cricklewood Lane, London NW2, UK');
    expect(summary).toContain('5 Borough High Street, London SE1, UK');
    const successMoney = await page.getByTestId('payment-money').innerText();
    expect(successMoney).toMatch(/Paid so far\s+£[\d,]+\.\d{2}/);
    expect(successMoney).toMatch(/Balance\s+£[\d,]+\.\d{2}/);
    await shot(page, 'mymove-success-deposit');

    await page.getByRole('link', { name: 'View my move' }).click();
    await page.waitForURL(booked.myMoveUrl);
    await waitForStatus(page, booked.myMoveUrl, '30 % deposit paid');
    const money = page.getByTestId('money');
    const balance = poundsOf(await money.getByTestId('money-balance').innerText());
    const total = poundsOf(await money.innerText());
    expect(balance).toBeGreaterThan(0);
    expect(poundsOf(await money.getByTestId('money-paid').innerText())).toBeCloseTo(Math.round(total * 30) / 100, 2);
    expect(await page.getByTestId('move-date').innerText()).toMatch(/^\w+day \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(await page.getByTestId('receipts').getByRole('listitem').count()).toBe(1);
    await shot(page, 'mymove-deposit');

    // the confirmation e-mail carries the My move link too
    const [confirmation] = await mails(
      ctx.dataDir,
      (m) =>
        addressedTo(m, who.email) && !!m.subject?.startsWith('Booking confirmed') && !!m.text?.includes(booked.code),
    );
    expect(confirmation!.text).toMatch(/\/mymove\/\S+/);

    await page.getByRole('button', { name: `Pay the balance of ${formatPounds(balance)}` }).click();
    await page.waitForURL(/local-checkout/);
    expect(await page.getByTestId('amount').innerText()).toBe(`${formatPounds(balance)}`);
    await page.locator('button.pay').click();
    await page.waitForURL(/\/paymentbooking\/success\?session_id=/);
    await page.getByRole('heading', { name: 'Thank you: your balance is paid' }).waitFor();
    expect(await page.getByTestId('payment-status').innerText()).toBe('Paid in full');
    await shot(page, 'mymove-success-balance');
    await page.getByRole('link', { name: 'View my move' }).click();

    await waitForStatus(page, booked.myMoveUrl, 'Paid in full');
    expect(await page.getByTestId('money-balance').innerText()).toBe('£0.00');
    expect(poundsOf(await page.getByTestId('money-paid').innerText())).toBeCloseTo(total, 2);
    const receipts = page.getByTestId('receipts').getByRole('link');
    expect(await receipts.count()).toBe(2);
    expect(await page.getByRole('button', { name: /^Pay the balance/ }).count()).toBe(0);
    await shot(page, 'mymove-paid-in-full');

    // the balance receipt, printable
    await receipts.nth(1).click();
    await page.waitForURL(/\/receipt\//);
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    const receipt = await page.getByTestId('receipt').innerText();
    expect(receipt).toContain('VanHop Removals Ltd');
    expect(receipt).toMatch(new RegExp(`Booking code\\s+${booked.code}`));
    expect(receipt).toMatch(/Receipt number\s+\S+/);
    expect(await page.getByTestId('receipt-amount').innerText()).toBe(`${formatPounds(balance)}`);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(page, 'mymove-receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await shot(page, 'mymove-receipt');

    // the balance receipt e-mail
    await mails(
      ctx.dataDir,
      (m) => addressedTo(m, who.email) && m.subject === `Receipt: balance paid for booking ${booked.code}`,
    );
    await page.close();
  });

  it('b: book → My move → cancel within the hour: full-refund terms first, then Cancelled and refunded; both mails and the refund receipt; a replayed cancel changes nothing; staff see it marked', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    const who = { name: 'Cal Cancel', email: 'cal.cancel@example.com' };
    const booked = await bookAndPay(page, base, who, 50);
    await page.getByRole('link', { name: 'View my move' }).click();
    await waitForStatus(page, booked.myMoveUrl, '50 % deposit paid');
    const paid = poundsOf(await page.getByTestId('money-paid').innerText());

    await page.getByRole('button', { name: 'Cancel my move' }).click();
    const box = page.getByRole('group', { name: 'Before you cancel' });
    await box.waitFor();
    const terms = await box.getByTestId('cancel-terms').innerText();
    expect(terms).toContain('1-hour cooling-off period');
    expect(terms).toContain(`everything you paid (${formatPounds(paid)}) is refunded`);
    expect(await box.innerText()).toContain(`Refund to your card: ${formatPounds(paid)}`);
    await shot(page, 'mymove-cancel-terms');
    // nothing happened yet
    expect((await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body.state).toBe('active');

    await box.getByRole('button', { name: 'Yes, cancel my move' }).click();
    await expect.poll(() => page.getByTestId('move-status').innerText(), { timeout: 10_000 }).toBe('Cancelled');
    // the refund is confirmed by an event a moment later: the page looks again by itself
    await expect
      .poll(() => page.getByTestId('outcome').innerText(), { timeout: 20_000 })
      .toContain(`${formatPounds(paid)} has been refunded to your card.`);
    expect(await page.getByTestId('money-refunded').innerText()).toBe(`${formatPounds(paid)}`);
    expect(await page.getByTestId('money-balance').innerText()).toBe('£0.00');
    await expect.poll(() => page.getByTestId('receipts').getByRole('link').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByRole('button', { name: 'Cancel my move' }).count()).toBe(0);
    await shot(page, 'mymove-cancelled');

    // the customer's and the driver's cancellation mails, and the refund receipt
    await mails(ctx.dataDir, (m) => addressedTo(m, who.email) && m.subject === `Booking ${booked.code} cancelled`);
    const [driverMail] = await mails(ctx.dataDir, (m) => !!m.subject?.startsWith(`Job ${booked.code} cancelled`));
    expect(addressedTo(driverMail!, who.email)).toBe(false);
    const refundSubject = `Refund receipt: ${formatPounds(paid)} for booking ${booked.code}`;
    await mails(ctx.dataDir, (m) => addressedTo(m, who.email) && m.subject === refundSubject);

    // a replayed cancel (a double click, a resent request) has no second effect
    const before = (await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body;
    const again = await api<{ message: string }>('POST', `/api/mymove/${booked.token}/cancel`, { confirm: true });
    expect(again.status).toBe(409);
    expect(again.body.message.length).toBeGreaterThan(3);
    await new Promise((r) => setTimeout(r, 1500));
    const after = (await api<MyMoveView>('GET', `/api/mymove/${booked.token}`)).body;
    expect(after.money).toEqual(before.money);
    expect(after.money.refundedPence).toBe(Math.round(paid * 100));
    expect(after.history.filter((h) => h.kind === 'refunded')).toHaveLength(1);
    expect(after.receipts).toHaveLength(2);
    await mails(ctx.dataDir, (m) => m.subject === refundSubject, 1);
    await mails(ctx.dataDir, (m) => m.subject === `Booking ${booked.code} cancelled`, 1);

    // staff: the cancelled job stays under Your Jobs, marked cancelled and refunded
    const staff = { name: 'mm_staff', password: 'mm-staff-password' };
    await api('POST', '/api/account/register', {
      name: staff.name,
      password: staff.password,
      password1: staff.password,
      uniquecode: ctx.product.env.ADMIN_SIGNUP_CODE,
    });
    const login = await api<{ token: string }>('POST', '/api/account/login', {
      username: staff.name,
      password: staff.password,
    });
    expect(typeof login.body.token).toBe('string');
    await page.goto(`${base}/admin/login`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [TOKEN_KEY, login.body.token]);
    await page.goto(`${base}/admin/dashboard`);
    const card = page.getByTestId('job-card').locator(`[data-code="${booked.code}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-state')).toBe('cancelled');
    expect(await card.getByTestId('admin-record-mark').allInnerTexts()).toEqual([
      'Cancelled',
      `Refunded ${formatPounds(paid)}`,
    ]);
    await card.click();
    const panel = page.getByRole('dialog', { name: `Record ${booked.code}` });
    const detail = await panel.innerText();
    expect(detail).toMatch(/State\s+Cancelled/);
    expect(detail).toMatch(new RegExp(`Refunded\\s+£${paid.toFixed(2).replace('.', '\\.')}`));
    expect(detail).toMatch(/Cancelled on\s+\w{3}, \d{2} \w{3} \d{4}, \d{2}:\d{2}/);
    await shot(page, 'mymove-admin-cancelled');
    await page.close();
  });

  it('c: book (move 5 days ahead) → postpone → Postponed → new date with the booking date picker → active again, new date, re-priced', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    const base = ctx.product.url;
    const who = { name: 'Pat Postpone', email: 'pat.postpone@example.com' };
    const booked = await bookAndPay(page, base, who, 30, 5);
    await page.getByRole('link', { name: 'View my move' }).click();
    await waitForStatus(page, booked.myMoveUrl, '30 % deposit paid');
    const oldDate = await page.getByTestId('move-date').innerText();
    expect(oldDate).toContain('at 10:00');
    const oldTotal = poundsOf(await page.getByTestId('money').innerText());

    await page.getByRole('button', { name: 'Postpone my move' }).click();
    const box = page.getByRole('group', { name: 'Before you postpone' });
    expect(await box.innerText()).toContain('at least 24 hours’ notice');
    expect(await box.innerText()).toContain('within 12 months');
    await shot(page, 'mymove-postpone-terms');
    await box.getByRole('button', { name: 'Yes, postpone my move' }).click();
    await expect.poll(() => page.getByTestId('move-status').innerText(), { timeout: 10_000 }).toBe('Postponed');
    expect(await page.getByTestId('outcome').innerText()).toMatch(
      /^Your move is postponed\. Choose a new date by \d{1,2} \w+ \d{4}\.$/,
    );
    await shot(page, 'mymove-postponed');
    // a reload shows the same: the state is the server's
    await waitForStatus(page, booked.myMoveUrl, 'Postponed');
    await mails(ctx.dataDir, (m) => addressedTo(m, who.email) && m.subject === `Booking ${booked.code} postponed`);

    // 06:00 is priced with the out-of-hours surcharge, so the new date costs more than the 10:00 one
    const newDay = await pickDay(page, '#reactivate-date', 9, '06:00');
    // The new price is shown before anything is booked.
    await page.getByRole('button', { name: 'See the price for this date' }).click();
    const price = page.getByTestId('new-date-price');
    await price.waitFor();
    expect(await price.innerText()).toMatch(/New price for this date: £[\d,]+\.\d{2} \(was £[\d,]+\.\d{2}\)\./);
    expect(await page.getByTestId('move-status').innerText()).toBe('Postponed');
    await shot(page, 'screens/mymove-new-date-price');
    await price.getByRole('button', { name: 'Confirm my new date' }).click();
    await expect.poll(() => page.getByTestId('move-status').innerText(), { timeout: 10_000 }).not.toBe('Postponed');
    const outcome = await page.getByTestId('outcome').innerText();
    const [d, month, year] = newDay.split(' ');
    expect(outcome).toContain(`Your move is booked again for`);
    expect(outcome).toContain(`${d} ${month} ${year} at 06:00`);
    expect(outcome).toMatch(/The new price is £[\d,]+\.\d{2} \(it was £[\d,]+\.\d{2}\)\./);
    expect(outcome).toMatch(/Balance to pay: £[\d,]+\.\d{2}\./);
    const newTotal = poundsOf(await page.getByTestId('money').innerText());
    expect(newTotal).toBeGreaterThan(oldTotal);
    expect(await page.getByTestId('move-date').innerText()).toContain(`${d} ${month} ${year} at 06:00`);
    expect(await page.getByTestId('money-balance').innerText()).toMatch(/^£[\d,]+\.\d{2}$/);
    expect(await page.getByRole('button', { name: /^Pay the balance of £/ }).count()).toBe(1);
    await shot(page, 'mymove-reactivated');

    // the state and the price are the server's, after a reload too
    await page.reload();
    await page.getByTestId('move-status').waitFor();
    expect(await page.getByTestId('move-status').innerText()).toBe('30 % deposit paid');
    expect(poundsOf(await page.getByTestId('money').innerText())).toBe(newTotal);
    await mails(ctx.dataDir, (m) => addressedTo(m, who.email) && !!m.subject?.startsWith('New date confirmed'));
    await page.close();
  });

  it('a bad or expired link shows the not-valid page', async () => {
    const page = await ctx.browser.newPage();
    const res = await page.goto(`${ctx.product.url}/mymove/not-a-real-token`);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('alert').innerText()).toBe('This link is not valid or has expired');
    await page.close();
  });
});
