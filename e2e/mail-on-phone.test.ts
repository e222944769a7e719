/**
 * The HTML mails on a phone: a long link (My move, retrieve, review) wraps
 * inside a 390 px screen instead of widening the mail past it. Rendered by Chromium like a phone's
 * mail app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TOPICS, type BookingConfirmed } from '@vanhop/contracts';
import { createEvent } from '@vanhop/platform';
import { bookingConfirmedCustomerEmail } from '../services/notification/src/domain/templates/booking-confirmed-customer.js';
import { bookingConfirmed } from '../services/notification/test/support/events.js';
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
    const data: BookingConfirmed = { ...bookingConfirmed, myMovePath: LONG_PATH };
    // The event schema is the boundary: the fixture must be a valid BookingConfirmed.
    await createEvent(TOPICS.bookingConfirmed, data, { producer: 'test' });
    const mail = bookingConfirmedCustomerEmail(data, { publicUrl: 'https://vanhop.example' }, new Date().toISOString());
    expect(mail.html).toContain(LONG_PATH);
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.setContent(mail.html);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await page.close();
  });
});
