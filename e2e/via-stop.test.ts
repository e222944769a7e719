/**
 * An untouched via stop is never booked. '+ add stop' gives a stop with no place of
 * its own, no building address and no stairs; Get Free Quote refuses it at the stop, and the API
 * refuses a saved or paid booking whose stop lacks them (the contracts rule the form uses).
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { apiClient } from '../test/support/gateway-api.js';
import { completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { shot, useProductAndBrowser } from './harness.js';
import { fillMove, searchMove } from './booking-steps.js';

describe('via stops are full addresses', () => {
  const ctx = useProductAndBrowser();
  const api = apiClient(() => ctx.product.url);

  it('an untouched stop stops Get Free Quote with its own messages; filled in, the move is quoted with the stop as typed', async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => void d.dismiss());
    await searchMove(page, ctx.product.url, ['NW2', 'London NW2, UK'], ['SE1', 'London SE1, UK']);
    await fillMove(page, 'Vic Via');
    await page.getByRole('button', { name: '+ add stop' }).click();
    const stop = page.getByTestId('via-stop');
    const place = stop.locator('input[role=combobox]');
    // the stop's place is its own to choose: never the pickup's shown as if chosen
    expect(await place.inputValue()).toBe('');

    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    await expect
      .poll(() => stop.getByRole('alert').allInnerTexts())
      .toEqual([MSG.booking.viaPlaceRequired(1), MSG.booking.viaAddressRequired(1), MSG.booking.viaStairRequired(1)]);
    expect(await page.getByRole('dialog', { name: 'Your quotes' }).count()).toBe(0);
    await shot(page, 'screens/booking-via-stop-untouched');

    await place.fill('E1');
    await page
      .locator(`[id="${await place.getAttribute('aria-controls')}"] [role=option]`, { hasText: 'London E1, UK' })
      .first()
      .waitFor();
    await place.press('Enter');
    await expect.poll(() => place.inputValue()).toBe('London E1, UK');
    await stop.locator('input[id$="-address"]').fill('20 Commercial Road');
    await stop.locator('select').selectOption('1');
    await expect.poll(() => stop.getByRole('alert').count()).toBe(0);

    await page.getByRole('button', { name: 'Get Free Quote' }).click();
    const offer = page.getByRole('dialog', { name: 'Your quotes' }).getByTestId('offer').first();
    await offer.getByRole('button', { name: /^Choose / }).click();
    const panel = page.getByRole('dialog', { name: 'Your quote' });
    await panel.getByRole('button', { name: 'Show More' }).click();
    expect(await panel.locator('.quote-panel-more').innerText()).toContain('London E1, UK');
    await page.close();
  });

  it('the API refuses to save a booking whose via stop has no building address or stairs, naming the stop', async () => {
    const good = completeBooking(daysAheadAtUtc(new Date(), 4, 10));
    const stop = { id: 'via-1', location: 'London NW2, UK', physicalAddress: '', stair: '' };
    const untouched = { ...good, addresses: [good.addresses[0]!, stop, ...good.addresses.slice(1)] };
    const priced = await api('POST', '/api/booking', untouched);
    // a draft is still priced, but never as a complete booking
    expect(priced.status).toBe(200);
    expect(priced.body.preliminary).toBe(true);
    const saved = await api<{ message: string; errors?: Record<string, string> }>('POST', '/api/saveRetrieve', {
      quote: { ...priced.body.quote, name: good.name, email: good.email, phone: good.phone },
    });
    expect(saved.status).toBe(400);
    expect(JSON.stringify(saved.body)).toContain(MSG.booking.viaAddressRequired(1));
  });
});
