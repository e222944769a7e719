/**
 * The pages of the day-of-move browser tests: the driver's portal signed in on a phone or a desk,
 * and the customer's My move, each pictured in every width and theme.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { shot } from './harness.js';
import {
  DRIVER_TOKEN_KEY,
  screenPath,
  setAreaTheme,
  setTheme,
  settle,
  THEMES,
  type Theme,
  type Viewport,
  VIEWPORTS,
} from './screens.js';

const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;

/** A new browser context with the driver signed in to the portal; `touch`: a phone (touch events). */
export async function driverPortalPage(
  browser: Browser,
  driverToken: string,
  viewport: Viewport,
  options: { touch?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, ...UK, ...(options.touch ? { hasTouch: true } : {}) });
  await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [DRIVER_TOKEN_KEY, driverToken]);
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  return page;
}

/** The portal in `theme`, pointer parked off the buttons, settled. */
export async function portalTheme(page: Page, theme: Theme): Promise<void> {
  await setAreaTheme(page, theme);
  await page.mouse.move(0, 0);
  await settle(page);
}

/** Pictures the portal page as it is in every width and theme (screens/<name>-*). */
export async function shootPortal(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await portalTheme(page, theme);
      await shot(page, screenPath(name, viewport, theme));
    }
  }
}

/** My move at `url` in a new browser context (close it with page.context().close()). */
export async function openMyMove(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[0], ...UK });
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  await page.goto(url);
  return page;
}

/** Pictures My move in every width and theme, `ready` showing again after each reload (screens/<name>-*). */
export async function shootMyMove(page: Page, ready: Locator, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      if (theme === 'dark') await setTheme(page, 'dark');
      else await page.reload().then(() => ready.waitFor());
      await settle(page);
      await shot(page, screenPath(name, viewport, theme));
    }
  }
}
