/**
 * The driver's "Done" in the browser: the proof of delivery form (a photo of the load, the
 * customer's signature drawn with the mouse or, on a touch phone, with a finger), then Mark done.
 */
import type { Locator, Page } from 'playwright-core';
import { PNG_1PX } from '../test/support/job-proof.js';

export const LOAD_PHOTO = { name: 'load.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') };

/** A zigzag across the signature pad: pointer events from the mouse, or touches through the DevTools protocol. */
export async function drawSignature(page: Page, pad: Locator, input: 'mouse' | 'touch' = 'mouse'): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const points = [
    [0.1, 0.6],
    [0.25, 0.3],
    [0.4, 0.7],
    [0.55, 0.3],
    [0.7, 0.65],
    [0.9, 0.4],
  ].map(([fx, fy]) => ({ x: box.x + box.width * fx!, y: box.y + box.height * fy! }));
  if (input === 'touch') {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
    for (const p of points.slice(1))
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
  await page.mouse.up();
}

const PAID_ON_THE_DAY = { cash: 'Cash', card: 'Card on the day', none: 'Nothing: still owed' } as const;

/**
 * Opens the form from "Done", adds a photo and a signature, and says what was paid on the day
 * (default: cash, the amount the form offers, which is what was left to collect); `submit` then
 * marks the job done.
 */
export async function giveProof(
  page: Page,
  card: Locator,
  options: { input?: 'mouse' | 'touch'; submit?: boolean; collected?: keyof typeof PAID_ON_THE_DAY } = {},
): Promise<Locator> {
  await card.getByRole('button', { name: 'Done' }).click();
  const form = card.getByTestId('done-proof');
  await form.getByLabel('Photos of the load').setInputFiles(LOAD_PHOTO);
  await form.getByRole('img', { name: 'Photo 1 of the load' }).waitFor();
  await drawSignature(page, form.getByTestId('signature-pad'), options.input);
  await form.getByText('Signed', { exact: true }).waitFor();
  await form.getByRole('radio', { name: PAID_ON_THE_DAY[options.collected ?? 'cash'] }).check();
  if (options.submit !== false) await form.getByRole('button', { name: 'Mark done' }).click();
  return form;
}
