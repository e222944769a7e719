/**
 * What the screenshot and accessibility tests share about screens: the widths and themes a screen is
 * seen in, how one is opened in a theme, and how a staff or driver screen is opened as its visitor.
 * The back office's data is made in back-office-data.ts; its screens are listed in screen-list.ts.
 */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BackOfficeData } from './back-office-data.js';
import type { AreaScreen, Visitor } from './screen-list.js';
import { pageSettled, POLL, TAKING_SCREENSHOTS } from './harness.js';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export const THEMES = ['light', 'dark'] as const;

export type Viewport = (typeof VIEWPORTS)[number];
export type Theme = (typeof THEMES)[number];

/** Every width with every theme, for it.each. */
export const VIEWPORT_THEMES = VIEWPORTS.flatMap((viewport) => THEMES.map((theme) => ({ viewport, theme })));

/**
 * The screen walks' width and theme pairs: all four when `npm run screenshots` takes pictures for a
 * person; in `npm test` the phone in the day theme only, which still fails a screen that no longer
 * renders (the pictures themselves assert nothing).
 */
export const WALKED_VIEWPORT_THEMES = TAKING_SCREENSHOTS
  ? VIEWPORT_THEMES
  : VIEWPORT_THEMES.filter(({ viewport, theme }) => viewport.width < 500 && theme === 'light');

/** Where a screen's picture goes under test-artifacts/. */
export const screenPath = (screen: string, viewport: Viewport, theme: Theme) =>
  `screens/${screen}-${viewport.width}-${theme}`;

/** The public site's theme is not saved, so every load starts light: night is one press of the footer toggle, as a user would. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  if (theme === 'dark') await page.getByRole('button', { name: /night mode/i }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(theme);
}

/** Lazy images (the hero art, vans, photos) loaded and transitions finished before a picture or an axe run. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.onload = r;
              img.onerror = r;
            }),
      ),
    ),
  );
  await pageSettled(page);
}

/** Opens a customer page, waits for its content, then switches the theme. */
export async function open(
  page: Page,
  url: string,
  theme: Theme,
  ready: (page: Page) => Promise<unknown>,
): Promise<void> {
  await page.goto(url);
  await ready(page);
  await setTheme(page, theme);
  await settle(page);
}

// ---- The staff back office and the driver portal -------------------------------------------------

export const STAFF_TOKEN_KEY = 'vanhop.adminToken';
export const DRIVER_TOKEN_KEY = 'vanhop.driverToken';

/** Staff and drivers are in the UK: their dates and times read as they would on their own phones. */
const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;

/** A page in its own browser context for one visitor, their token stored before the first load. */
export async function visitorPage(
  browser: Browser,
  data: BackOfficeData,
  visitor: Visitor,
  viewport: { width: number; height: number },
  extra: { bypassCSP?: boolean } = {},
): Promise<Page> {
  const tokens: [string, string][] =
    visitor === 'staff'
      ? [[STAFF_TOKEN_KEY, data.staff.token]]
      : visitor === 'driver'
        ? [[DRIVER_TOKEN_KEY, data.driver.token]]
        : [];
  const context = await browser.newContext({ viewport, ...UK, ...extra });
  await context.addInitScript((pairs) => {
    for (const [k, v] of pairs) localStorage.setItem(k, v);
  }, tokens);
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  return page;
}

/** A page per visitor at one width ("nobody" has no token: the portal's sign-in page sends a signed-in driver on). */
export async function visitorPages(
  browser: Browser,
  data: BackOfficeData,
  viewport: { width: number; height: number },
) {
  const pages: Record<Visitor, Page> = {
    nobody: await visitorPage(browser, data, 'nobody', viewport),
    staff: await visitorPage(browser, data, 'staff', viewport),
    driver: await visitorPage(browser, data, 'driver', viewport),
  };
  return { pages, close: () => Promise.all(Object.values(pages).map((p) => p.context().close())) };
}

/** The staff and driver areas keep the last theme chosen (localStorage): their toggle is pressed only when it differs. */
export async function setAreaTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('button', { name: /night mode|day mode/i });
  await toggle.waitFor();
  if (((await toggle.getAttribute('aria-pressed')) === 'true' ? 'dark' : 'light') !== theme) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme), POLL).toBe(theme);
}

/** Opens a staff or driver screen: waits for the area's chrome, switches the theme first (a dialog may cover the toggle later), then shows the screen. */
export async function openAreaScreen(
  page: Page,
  base: string,
  screen: AreaScreen,
  data: BackOfficeData,
  theme: Theme,
): Promise<void> {
  await page.goto(`${base}${screen.path(data)}`);
  await setAreaTheme(page, theme);
  await screen.show(page, data);
  // the pointer stays where the last click was: off the page, so no hover state is drawn
  await page.mouse.move(0, 0);
  await settle(page);
}
