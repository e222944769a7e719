/** axe-core (WCAG 2 A and AA): no serious or critical finding, on a page opened for it or on one mid-journey. */
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageSettled } from './harness.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function expectAccessible(
  browser: Browser,
  url: string,
  prepare: (page: Page) => Promise<unknown> = async () => {},
  init?: (page: Page) => Promise<unknown>,
): Promise<void> {
  // bypassCSP: the product's CSP rightly refuses injected scripts such as axe itself.
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
  try {
    if (init) await init(page);
    await page.goto(url);
    await prepare(page);
    await pageSettled(page); // the live app, with no transition half-way (colour contrast)
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })).violations;
    });
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
    expect(serious, url).toEqual([]);
  } finally {
    await page.close();
  }
}

/** axe-core on the page as it stands (opened with `bypassCSP: true`, so axe may be injected). */
export async function expectNoSeriousAxeFindings(page: Page, what: string): Promise<void> {
  await pageSettled(page);
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(found, what).toEqual([]);
}
