/**
 * A release link in the browser. Someone who knows a customer's e-mail opens the address's share of
 * unpaid checkouts (each holding a driver); the customer, refused a checkout of their own, is mailed
 * a link to /release-checkouts#<token>. Opening it releases nothing (mail scanners open links too);
 * the page's button does, the page says so, and the customer books. The token stays in the fragment:
 * no request the browser makes carries it in its URL. Through the gateway, which trusts one proxy hop
 * (TRUST_PROXY=1), so each X-Forwarded-For is a different client, as in test/system/driver-holds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { CHECKOUT_RELEASE_MSG, checkoutReleasePath } from '@vanhop/contracts';
import { daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { devOutbox } from '../test/support/dev-outbox.js';
import { apiClient, quoteForOffer } from '../test/support/gateway-api.js';
import { staffAuth } from '../test/support/staff.js';
import {
  CLOSED_CHECKOUT_PAGE,
  driversOffered,
  fromClient,
  priceMove,
  releaseMailsIn,
} from '../test/system/checkout-holds.js';
import { POLL, pageSettled, useProductAndBrowser } from './harness.js';

// The page's own words (ReleaseCheckoutsPage.tsx), spelled out so a changed text is noticed here.
const RELEASE_BUTTON = 'Release these checkouts';
const RELEASED_TWO =
  '2 checkouts were released: no money can be taken on them, and their drivers are free again. You can book your move now.';
const RELEASE_API = '/api/paymentbooking/release';

const isReleaseCall = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === RELEASE_API;

describe('a mailed release link, opened in the browser', () => {
  const ctx = useProductAndBrowser({ TRUST_PROXY: '1', RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000' });
  const gateway = apiClient(() => ctx.product.url);
  const from = (address: string) => fromClient(gateway, address);
  const staff = () => staffAuth('Sam_Admin', { env: { JWT_SECRET: ctx.product.env.JWT_SECRET! } });
  const { outbox, mailText } = devOutbox(gateway, staff, () => ctx.product.bus);

  it("opening the link releases nothing; its button releases the checkouts opened elsewhere with the customer's e-mail, and the customer books", async () => {
    const date = daysAheadAtUtc(new Date(), 4, 10);
    const email = 'release.me@example.com';
    const customerAddress = '198.51.100.7';
    const customer = from(customerAddress);
    const bystander = from('192.0.2.61');
    const everyone = await driversOffered(bystander, 'bystander@example.com', date);

    // Someone who knows the address opens its share of checkouts (2), from two addresses of their own.
    const priced = await priceMove(from('203.0.113.60'), email, date);
    const held: { driverId: string; url: string }[] = [];
    for (const [i, offer] of priced.offers.slice(0, 2).entries()) {
      const r = await from(`203.0.113.${60 + i}`)<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', {
        ...quoteForOffer(priced, offer),
        percentage: 30,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      held.push({ driverId: offer.driverId, url: r.body.url });
    }
    const heldDrivers = held.map((h) => h.driverId);
    expect(everyone).toEqual(expect.arrayContaining(heldDrivers));

    // The customer, from their own device, is refused and mailed the link.
    const mine = await priceMove(customer, email, date);
    const free = mine.offers.find((o) => !heldDrivers.includes(o.driverId))!;
    expect(free).toBeTruthy();
    const order = { ...quoteForOffer(mine, free), percentage: 30 };
    const refused = await customer<{ message?: string }>('POST', '/api/paymentbooking', order);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/we have e-mailed you a link to release them\.$/);

    let mails: ReturnType<typeof releaseMailsIn> = [];
    await expect
      .poll(async () => {
        mails = releaseMailsIn(await outbox(), email);
        return mails.length;
      }, POLL)
      .toBe(1);
    const text = await mailText(mails[0]!.file);
    const link = text.match(/https?:\/\/\S+\/release-checkouts#[A-Za-z0-9_-]+/)?.[0];
    expect(link, text).toBeTruthy();
    const { pathname, hash } = new URL(link!);
    const token = hash.slice(1);
    expect(`${pathname}${hash}`).toBe(checkoutReleasePath(token));

    // The customer's browser (the same client as their refused request) opens the link.
    const browsing = await ctx.browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': customerAddress },
    });
    const requests: Request[] = [];
    browsing.on('request', (r) => void requests.push(r));
    const page = await browsing.newPage();
    await page.goto(`${ctx.product.url}${pathname}${hash}`);
    await pageSettled(page);
    await page.getByRole('heading', { name: 'Release checkouts' }).waitFor();
    const button = page.getByRole('button', { name: RELEASE_BUTTON });
    await button.waitFor();
    expect(await button.isEnabled()).toBe(true);

    // Opened, not pressed: nothing was asked of the server, and both checkouts still hold their drivers.
    expect(requests.filter(isReleaseCall).map((r) => r.url())).toEqual([]);
    for (const h of held) {
      expect((await from('203.0.113.60')<string>('GET', h.url)).body).not.toContain(CLOSED_CHECKOUT_PAGE);
    }
    expect(await driversOffered(bystander, 'bystander@example.com', date)).toEqual(
      everyone.filter((d) => !heldDrivers.includes(d)),
    );
    expect((await customer('POST', '/api/paymentbooking', order)).status).toBe(429);

    // Pressed: the page says both were released.
    await button.click();
    const outcome = page.getByRole('status');
    await expect.poll(() => outcome.textContent(), POLL).toBe(RELEASED_TWO);
    expect(await page.getByRole('button', { name: RELEASE_BUTTON }).count()).toBe(0);
    const calls = requests.filter(isReleaseCall);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.postDataJSON()).toEqual({ token });
    expect(await (await calls[0]!.response())?.json()).toEqual({ released: 2, kept: 0 });

    // The checkouts take no money, their drivers are free again, and the customer books.
    for (const h of held) {
      expect((await from('203.0.113.60')<string>('GET', h.url)).body).toContain(CLOSED_CHECKOUT_PAGE);
    }
    expect(await driversOffered(bystander, 'bystander@example.com', date)).toEqual(everyone);
    const booked = await customer<{ sessionId: string; url: string }>('POST', '/api/paymentbooking', order);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.url).toBeTruthy();

    // The token rode only in the fragment and the release call's body: in no request's URL or header.
    expect(requests.length).toBeGreaterThan(1);
    for (const r of requests) {
      expect(r.url(), r.url()).not.toContain(token);
      expect(JSON.stringify(await r.allHeaders()), r.url()).not.toContain(token);
    }
    await browsing.close();
  });

  it('a mangled link says it is not valid and offers no release', async () => {
    const browsing = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const requests: Request[] = [];
    browsing.on('request', (r) => void requests.push(r));
    const page = await browsing.newPage();
    await page.goto(`${ctx.product.url}/release-checkouts#not-a-token`);
    await pageSettled(page);
    const heading = page.getByRole('heading', { name: 'Release checkouts' });
    await heading.waitFor();
    const content = page.locator('section', { has: heading });
    await expect.poll(() => content.getByRole('alert').textContent(), POLL).toBe(CHECKOUT_RELEASE_MSG.linkInvalid);
    // No button at all in the page's content (the site header keeps its own), only the way back to a quote.
    expect(await page.getByRole('button', { name: RELEASE_BUTTON }).count()).toBe(0);
    expect(await content.getByRole('button').count()).toBe(0);
    expect(await content.getByRole('link').allInnerTexts()).toEqual(['Get a quote']);
    expect(requests.filter(isReleaseCall).map((r) => r.url())).toEqual([]);
    await browsing.close();
  });
});
