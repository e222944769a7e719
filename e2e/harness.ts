import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { EmbeddedProduct } from '../scripts/embedded/start-embedded.js';
import { startEmbeddedOnTempDir } from '../test/support/embedded.js';

export const ARTIFACTS_DIR = path.resolve('test-artifacts');

export interface ProductAndBrowser {
  product: EmbeddedProduct;
  browser: Browser;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded product (built web app included) on a free port with a fresh data folder,
 * and Debian's Chromium through playwright-core.
 */
export async function startProductAndBrowser(env: Record<string, string> = {}): Promise<ProductAndBrowser> {
  const { product, dataDir, stop } = await startEmbeddedOnTempDir({
    ...process.env,
    LOG_LEVEL: 'warn',
    ...env,
    GATEWAY_PORT: '0',
  });
  const browser = await launchChromium();
  return {
    product,
    browser,
    dataDir,
    stop: async () => {
      await browser.close();
      await stop();
    },
  };
}

/**
 * The product and browser for the tests of the calling describe block: started in its beforeAll,
 * stopped in its afterAll. The fields are filled in once beforeAll has run.
 */
export function useProductAndBrowser(env: Record<string, string> = {}): ProductAndBrowser {
  const ctx = {} as ProductAndBrowser;
  beforeAll(async () => {
    Object.assign(ctx, await startProductAndBrowser(env));
  });
  afterAll(async () => {
    await ctx.stop?.();
  });
  return ctx;
}

/**
 * Options for expect.poll in the browser tests: how long a poll keeps asking before its answer
 * counts. vitest's default is 1 s, which a page load or an event outlasts on a busy machine. A
 * bound on waiting for a state, not a pause.
 */
export const POLL = { timeout: 30_000 } as const;

/**
 * Waits until the live app has started (it replaces the prerendered markup, whose buttons do
 * nothing) and every finite CSS transition and animation on the page has finished, so what is
 * read or checked next is the settled page. Endless animations (spinners) are not waited for.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** `name` may name a folder under test-artifacts (`screens/booking-items`: the screens for review). */
/**
 * Pictures are for a person to look at, not assertions: they are written only by
 * `npm run screenshots` (SCREENSHOTS=1), never in `npm test`.
 */
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** A full-page screenshot from the top: the sticky header would otherwise be drawn mid-page where the view was scrolled. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** What the window shows, no more: a dialog over the page (a full-page picture would draw the page below its fixed backdrop). */
export async function windowShot(page: Page, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}
