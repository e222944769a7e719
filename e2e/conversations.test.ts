/**
 * A customer and a driver exchange messages (from an offer in the quotes popup,
 * the driver answering on the signed reply page from their e-mail), and an Instant Support chat
 * answered by staff from the admin inbox. Neither side ever sees the other's e-mail address.
 * An address typed into a chat gets only a confirmation link (our words, nothing the
 * sender wrote) until it is opened; staff see such a chat marked "Address not verified".
 */
import { describe, expect, it } from 'vitest';
import { DEMO_DRIVERS } from '../services/fleet/src/domain/demo-drivers.js';
import { apiClient } from '../test/support/gateway-api.js';
import { screenshot, useProductAndBrowser } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';
import { linkPath, waitForMail, type Mail } from './outbox-mail.js';
import { expectAccessible } from './axe-check.js';

const TOKEN_KEY = 'vanhop.adminToken';
const CUSTOMER_EMAIL = 'bob@example.com'; // what fillMove types
const CONFIRM_SUBJECT = 'Confirm your e-mail address for VanHop messages';
const PENDING_NOTE =
  'We have e-mailed you a link to confirm your address. Replies reach your e-mail only after you open that link; until then they appear here.';

/** The site path of the confirmation link: the thread page with its one-time `?confirm=` token. */
function confirmPath(mail: Mail): string {
  const match = /https?:\/\/[^/\s]+(\/conversation\/[\w.-]+\?confirm=[\w.-]+)/.exec(mail.text ?? '');
  expect(match, `a confirmation link in "${mail.subject}"`).toBeTruthy();
  return match![1]!;
}

describe('conversations in the browser', () => {
  const ctx = useProductAndBrowser();

  it('a customer messages a driver from the quotes popup; the driver answers from the e-mailed link; the answer reaches the customer', async () => {
    const base = ctx.product.url;
    const customer = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await searchMove(customer, base, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await fillMove(customer);
    await customer.getByRole('button', { name: 'Get Free Quote' }).click();
    const popup = customer.getByRole('dialog', { name: 'Your quotes' });
    const offer = popup.getByTestId('offer').first();
    await offer.waitFor();
    const driverName = await offer.locator('h3').innerText();
    const driver = DEMO_DRIVERS.find((d) => d.name === driverName)!;
    expect(driver).toBeTruthy();

    await offer.getByRole('button', { name: `Message ${driverName}` }).click();
    const panel = offer.getByTestId('message-driver');
    expect(await panel.getByLabel('Your name').inputValue()).toBe('Bob Carter');
    expect(await panel.getByLabel('Your e-mail').inputValue()).toBe(CUSTOMER_EMAIL);
    await panel
      .getByLabel(`Message to ${driverName}`)
      .fill('Hello! Could you also take an upright piano <b>down</b> two flights?');
    await panel.getByRole('button', { name: `Send to ${driverName}` }).click();
    await panel.getByText('Could you also take an upright piano <b>down</b> two flights?').waitFor();
    // Typed, not proved: the page says replies reach the e-mail only after the link we sent is opened.
    expect(await panel.getByTestId('email-status').innerText()).toBe(PENDING_NOTE);
    await screenshot(customer, 'conversation-quotes-popup');

    // The customer's address gets our confirmation link only: nothing of what was typed.
    const confirmation = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes(CUSTOMER_EMAIL) && m.subject === CONFIRM_SUBJECT,
    );
    expect(confirmation.raw).not.toContain('piano');
    expect(confirmation.raw).not.toContain('Bob Carter');

    // The driver's mail: the message, a signed reply link, no customer address.
    const toDriver = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes(driver.email) && m.subject === 'New message from Bob Carter about a move',
    );
    expect(toDriver.text).toContain('upright piano <b>down</b>');
    expect(toDriver.html).toContain('&lt;b&gt;down&lt;/b&gt;');
    expect(toDriver.raw).not.toContain(CUSTOMER_EMAIL);
    const replyPath = linkPath(toDriver, 'driver-reply');

    const driverPage = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    await driverPage.goto(`${base}${replyPath}`);
    await driverPage.getByRole('heading', { name: 'Reply to Bob Carter' }).waitFor();
    expect(await driverPage.locator('body').innerText()).not.toContain(CUSTOMER_EMAIL);
    // Customer text is text: nothing in it became markup.
    expect(await driverPage.locator('.msg-body b').count()).toBe(0);
    await driverPage.getByLabel('Reply to Bob Carter').fill('Yes, no problem. I will bring a helper for the piano.');
    await driverPage.getByRole('button', { name: 'Send' }).click();
    await driverPage.locator('.msg--mine', { hasText: 'I will bring a helper' }).waitFor();
    await screenshot(driverPage, 'conversation-driver-reply');

    // The open popup shows the answer by itself; it is not mailed before the address is confirmed.
    await panel
      .locator('.msg--theirs', { hasText: 'I will bring a helper for the piano.' })
      .waitFor({ timeout: 15_000 });

    // The customer opens the confirmation link: the thread page confirms the address and says so.
    const threadPage = await ctx.browser.newPage();
    await threadPage.goto(`${base}${confirmPath(confirmation)}`);
    await threadPage.getByRole('heading', { name: `Your messages with ${driverName}` }).waitFor();
    await threadPage
      .getByText('Thank you: your e-mail address is confirmed. Replies to this conversation now reach your e-mail too.')
      .waitFor();
    expect(new URL(threadPage.url()).search).toBe('');
    await screenshot(threadPage, 'conversation-email-confirmed');

    // From now on the driver's answers reach the customer's e-mail, with their link.
    await driverPage.getByLabel('Reply to Bob Carter').fill('See you on the day.');
    await driverPage.getByRole('button', { name: 'Send' }).click();
    const toCustomer = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes(CUSTOMER_EMAIL) && m.subject === `${driverName} replied to your message`,
    );
    expect(toCustomer.text).toContain('See you on the day.');
    expect(toCustomer.text).not.toContain('I will bring a helper for the piano.');
    expect(toCustomer.raw).not.toContain(driver.email);
    expect(linkPath(toCustomer, 'conversation')).toMatch(/^\/conversation\/v1\./);
    await threadPage.getByLabel(`Message to ${driverName}`).fill('Great, see you then.');
    await threadPage.getByRole('button', { name: 'Send' }).click();
    await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes(driver.email) && m.subject === 'Bob Carter sent you another message',
    );
    await driverPage.locator('.msg--theirs', { hasText: 'Great, see you then.' }).waitFor({ timeout: 15_000 });
    expect(await threadPage.locator('body').innerText()).not.toContain(driver.email);
    await screenshot(threadPage, 'conversation-customer-page');

    // A changed link opens nothing.
    await driverPage.goto(`${base}${replyPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
    await driverPage.getByRole('alert').waitFor();
    for (const p of [customer, driverPage, threadPage]) await p.close();

    await expectAccessible(ctx.browser, `${base}${replyPath}`, (p) =>
      p.getByRole('heading', { name: 'Reply to Bob Carter' }).waitFor(),
    );
    await expectAccessible(ctx.browser, `${base}${linkPath(toCustomer, 'conversation')}`, (p) =>
      p.locator('.msg').first().waitFor(),
    );
  });

  it('a customer starts an Instant Support chat; staff answer it from the admin inbox; both sides see new messages without reloading', async () => {
    const base = ctx.product.url;
    const api = apiClient(() => base);
    const customer = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await customer.goto(`${base}/faq`);
    await customer.getByRole('button', { name: /Instant Support/ }).click();
    const panel = customer.getByRole('dialog', { name: 'Instant Support' });
    await panel.getByLabel('Your name').fill('Pat Piano');
    await panel.getByLabel(/Your e-mail/).fill('pat@example.com');
    await panel.getByLabel('How can we help?').fill('Can you move a grand piano from a second floor flat?');
    await panel.getByRole('button', { name: 'Start chat' }).click();
    await panel.getByText('Can you move a grand piano from a second floor flat?').waitFor();
    await panel.getByText(PENDING_NOTE).waitFor();
    await screenshot(customer, 'support-chat-customer');

    await waitForMail(ctx.dataDir, (m) => m.subject === 'Instant Support: new chat from Pat Piano');
    const confirmation = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes('pat@example.com') && m.subject === CONFIRM_SUBJECT,
    );
    expect(confirmation.raw).not.toContain('grand piano');

    // Staff: sign up with the printed code, sign in, open the inbox.
    const staff = { name: 'sue_support', password: 'pw-support-123' };
    expect(
      (
        await api('POST', '/api/account/register', {
          name: staff.name,
          password: staff.password,
          password1: staff.password,
          uniquecode: ctx.product.env.ADMIN_SIGNUP_CODE,
        })
      ).status,
    ).toBe(201);
    const login = await api<{ token: string }>('POST', '/api/account/login', {
      username: staff.name,
      password: staff.password,
    });
    const admin = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await admin.goto(`${base}/admin/login`);
    await admin.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, login.body.token] as const);
    await admin.goto(`${base}/admin/dashboard`);
    await admin.getByRole('link', { name: 'Instant Support' }).click();
    await admin.waitForURL(`${base}/admin/support`);
    const chat = admin.getByTestId('support-chat').filter({ hasText: 'Pat Piano' });
    await chat.waitFor();
    expect(await chat.innerText()).toContain('Unanswered');
    expect(await admin.getByTestId('unanswered-count').innerText()).toBe('1 unanswered');
    expect(await chat.innerText()).toContain('Address not verified');
    await chat.click();
    await admin.getByText('pat@example.com').waitFor();
    await admin.getByTestId('email-not-verified').waitFor();
    await admin.getByText('wrote from /faq').waitFor();
    await admin
      .getByLabel('Answer to Pat Piano')
      .fill('Yes: a grand piano needs our expert team. We will e-mail you a price today.');
    await admin.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('Answered').waitFor();
    await screenshot(admin, 'support-inbox-staff');

    // The customer's open panel shows the answer by polling.
    await panel.locator('.msg--theirs', { hasText: 'expert team' }).waitFor({ timeout: 15_000 });
    expect(await panel.locator('.msg--theirs .msg-meta').innerText()).toContain('VanHop Support');
    await screenshot(customer, 'support-chat-answered');

    // The customer writes again: the inbox shows the chat unanswered again, without a reload.
    await panel.getByLabel('Message to VanHop Support').fill('Thank you! Tuesday morning suits me.');
    await panel.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('Unanswered').waitFor({ timeout: 15_000 });
    await admin.locator('.msg--theirs', { hasText: 'Tuesday morning suits me.' }).waitFor({ timeout: 15_000 });

    // Once the customer opens the confirmation link, staff answers are e-mailed and the mark goes.
    const confirmPage = await ctx.browser.newPage();
    await confirmPage.goto(`${base}${confirmPath(confirmation)}`);
    await confirmPage
      .getByText('Thank you: your e-mail address is confirmed. Replies to this conversation now reach your e-mail too.')
      .waitFor();
    await confirmPage.close();
    await admin.getByTestId('email-not-verified').waitFor({ state: 'detached', timeout: 15_000 });
    await admin.getByLabel('Answer to Pat Piano').fill('Tuesday morning is booked for you.');
    await admin.getByRole('button', { name: 'Send' }).click();
    const mailed = await waitForMail(
      ctx.dataDir,
      (m) => m.to.includes('pat@example.com') && m.subject === 'VanHop Support replied to your message',
    );
    expect(mailed.text).toContain('Tuesday morning is booked for you.');
    expect(mailed.text).not.toContain('expert team');

    // The panel reopens the same chat on another page of the site.
    await customer.goto(`${base}/services`);
    await customer.getByRole('button', { name: /Instant Support/ }).click();
    await customer.getByRole('dialog', { name: 'Instant Support' }).getByText('Tuesday morning suits me.').waitFor();
    await customer.close();
    await admin.close();

    const openPanel = async (p: import('playwright-core').Page) => {
      await p.getByRole('button', { name: /Instant Support/ }).click();
      await p.getByRole('dialog', { name: 'Instant Support' }).getByRole('button', { name: 'Start chat' }).waitFor();
    };
    await expectAccessible(ctx.browser, `${base}/faq`, openPanel);
    const signedIn = (p: import('playwright-core').Page) =>
      p.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [TOKEN_KEY, login.body.token]);
    await expectAccessible(
      ctx.browser,
      `${base}/admin/support`,
      (p) => p.getByTestId('support-chat').first().click(),
      signedIn,
    );
  });
});
