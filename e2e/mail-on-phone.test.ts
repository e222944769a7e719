/**
 * The HTML mails on a phone (issue 26 item 9): a long link (My move, retrieve, review) wraps
 * inside a 390 px screen instead of widening the mail past it. Rendered by Chromium like a phone's
 * mail app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TOPICS, type BookingConfirmed } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { bookingConfirmedCustomerEmail } from '../services/notification/src/domain/templates/booking-confirmed-customer.js';
import { launchChromium } from './harness.js';

const LONG_PATH = `/mymove/v1.${'a'.repeat(180)}.${'b'.repeat(43)}`;

describe('HTML mail on a 390 px phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the confirmation with its long My move link is no wider than the screen', async () => {
    const data: BookingConfirmed = {
      bookingId: 'bk-1',
      randomNumber: 4815162,
      paymentStatus: '30percentage',
      percentage: 30,
      amountPaidPence: 7065,
      outstandingBalancePence: 16485,
      totalPricePence: 23550,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '07700900123' },
      driver: { id: 'drv-1', name: 'Sam Driver', email: 'sam@drivers.example', phone: '07700900999' },
      move: {
        date: '2026-07-14T08:00:00.000Z',
        addresses: [
          { location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
          { location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
        ],
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        description: 'Boxes',
      },
      myMovePath: LONG_PATH,
    } as BookingConfirmed;
    // The event schema is the boundary: the fixture must be a valid BookingConfirmed.
    await createEvent(TOPICS.bookingConfirmed, data, { producer: 'test' });
    const mail = bookingConfirmedCustomerEmail(data, { publicUrl: 'https://vanhop.example' }, new Date().toISOString());
    expect(mail.html).toContain(LONG_PATH);
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.setContent(mail.html);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await page.close();
  });
});
