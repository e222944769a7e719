/**
 * The van live on the map in the browser: the driver, on a phone at 390 px with its position given
 * by the browser (a granted permission and a fixed position), presses "On my way"; the customer's
 * My move shows the van and the pickup on the map (the offline map: no Maps key) with an ETA; after
 * "Arrived" the van is gone. Both themes pictured and checked with axe (test-artifacts/screens/van-on-the-way-*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VAN_LOCATION_MSG, type VanLocationView } from '@vanhop/contracts';
import { startBookedToday, type BookedToday } from './booking-steps.js';
import { portalTheme } from './day-of-move-pages.js';
import { launchChromium, POLL, shot } from './harness.js';
import { DRIVER_TOKEN_KEY, screenPath, setTheme, settle, THEMES, VIEWPORTS } from './screens.js';
import { expectAccessible } from './axe-check.js';

const PHONE = VIEWPORTS[1];
const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;
// Cricklewood Broadway, a short drive from the booking's NW2 pickup.
const WHERE_THE_VAN_IS = { latitude: 51.5567, longitude: -0.2139, accuracy: 15 };

describe('the van on the map on the day (browser, 390 px)', () => {
  let booked: BookedToday;
  let browser: Browser;

  beforeAll(async () => {
    booked = await startBookedToday({ email: 'van.on.the.way@example.com', name: 'Vera Van' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await booked?.running.stop();
  });

  const driverPhone = async (): Promise<Page> => {
    const context = await browser.newContext({
      viewport: PHONE,
      ...UK,
      hasTouch: true,
      geolocation: WHERE_THE_VAN_IS,
      permissions: ['geolocation'],
    });
    await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [DRIVER_TOKEN_KEY, booked.driverToken]);
    const page = await context.newPage();
    page.setDefaultTimeout(45_000);
    return page;
  };
  const myMoveUrl = () => `${booked.running.product.url}${booked.myMovePath}`;
  const vanRead = async () => (await booked.api<VanLocationView>('GET', `/api${booked.myMovePath}/van`)).body;

  it('the driver on the way shares the phone’s position; My move shows the van with an ETA; after "Arrived" it is gone', async () => {
    const driver = await driverPhone();
    await driver.goto(`${booked.running.product.url}/driver/jobs`);
    const job = driver.getByRole('article').filter({ has: driver.getByTestId('job-progress') });
    await job.getByRole('button', { name: 'On my way' }).click();
    const share = job.getByTestId('van-share');
    await share.getByText(VAN_LOCATION_MSG.reason).waitFor();
    await share.getByRole('status').filter({ hasText: VAN_LOCATION_MSG.sharing }).waitFor();
    await expect.poll(async () => (await vanRead()).van?.lat, POLL).toBe(WHERE_THE_VAN_IS.latitude);
    for (const theme of THEMES) {
      await portalTheme(driver, theme);
      await shot(driver, screenPath('van-on-the-way-driver', PHONE, theme));
    }

    const customer = await (await browser.newContext({ viewport: PHONE, ...UK })).newPage();
    customer.setDefaultTimeout(45_000);
    await customer.goto(myMoveUrl());
    const van = customer.getByTestId('van-on-the-way');
    await expect
      .poll(() => van.getByTestId('van-eta').textContent(), POLL)
      .toMatch(/^(About \d+ minutes? away|Arriving now)/);
    const map = van.getByRole('img', { name: `Map: ${booked.driver.name}'s van and your pickup` });
    await map.getByTestId('map-point-van').waitFor();
    await map.getByTestId('map-point-pickup').waitFor();
    for (const theme of THEMES) {
      if (theme === 'dark') await setTheme(customer, 'dark');
      await settle(customer);
      await shot(customer, screenPath('van-on-the-way-my-move', PHONE, theme));
    }
    for (const theme of THEMES) {
      await expectAccessible(browser, myMoveUrl(), async (p) => {
        await p.getByTestId('van-eta').waitFor();
        if (theme === 'dark') await setTheme(p, 'dark');
      });
      await expectAccessible(
        browser,
        `${booked.running.product.url}/driver/jobs`,
        async (p) => {
          await p.getByTestId('van-share').waitFor();
          await portalTheme(p, theme);
        },
        (p) => p.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [DRIVER_TOKEN_KEY, booked.driverToken]),
      );
    }

    await job.getByRole('button', { name: 'Arrived' }).click();
    await job.getByRole('button', { name: 'Done' }).waitFor();
    expect(await share.count()).toBe(0);
    // The position is not kept after arrival.
    expect(await vanRead()).toMatchObject({ onTheWay: false, van: null, eta: null });
    await customer.reload();
    await customer.getByTestId('driver-standing').filter({ hasText: 'has arrived' }).waitFor();
    expect(await customer.getByTestId('van-on-the-way').count()).toBe(0);

    await driver.context().close();
    await customer.context().close();
  }, 240_000);
});
