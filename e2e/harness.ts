import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEmbedded, type EmbeddedProduct } from '../scripts/embedded/start-embedded.js';

export const ARTIFACTS_DIR = path.resolve('test-artifacts');

/**
 * Starts the embedded product (built web app included) on a free port with a fresh data folder,
 * and Debian's Chromium through playwright-core.
 */
export async function startProductAndBrowser(env: Record<string, string> = {}): Promise<{ product: EmbeddedProduct; browser: Browser; dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-e2e-'));
  const product = await startEmbedded({ ...process.env, LOG_LEVEL: 'warn', ...env, DATA_DIR: dataDir, GATEWAY_PORT: '0' });
  const browser = await launchChromium();
  return {
    product,
    browser,
    dataDir,
    stop: async () => {
      await browser.close();
      await product.stop();
    },
  };
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

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}
