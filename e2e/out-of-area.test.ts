import { describe, expect, it } from 'vitest';
import { useProductAndBrowser } from './harness.js';
import { pickAddress } from './booking-steps.js';

describe('pickup outside the 30-mile NW2 radius', () => {
  const ctx = useProductAndBrowser();

  it('alerts and lands on /checkareacover without starting a booking', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.product.url}/`);
    await pickAddress(page, '#pickup-postcode', 'M1', 'Manchester M1, UK');
    await pickAddress(page, '#dropoff-postcode', 'NW2', 'London NW2, UK');
    const alerted = new Promise<string>((resolve) =>
      page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))),
    );
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    expect(await alerted).toBe('Select a location within a 30-miles radius of NW2.');
    await page.waitForURL(/\/checkareacover$/);
    expect(await page.evaluate(() => sessionStorage.getItem('vanhop.booking'))).toBeNull();

    // a London pickup to a far dropoff is fine: delivery is nationwide
    await page.goto(`${ctx.product.url}/`);
    await pickAddress(page, '#pickup-postcode', 'NW2', 'London NW2, UK');
    await pickAddress(page, '#dropoff-postcode', 'Manch', 'Manchester, UK');
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    await page.waitForURL(/\/booking$/);
    await page.close();
  });
});
