import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_DRIVER_CONTACTS,
  type BookingQuoteResponse,
  type JobView,
  type PaymentSuccessResponse,
} from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { useEmbeddedProduct } from '../support/embedded-product.js';
import { staffAuth } from '../support/staff.js';
import { payOnLocalCheckout, quoteForOffer } from '../support/gateway-api.js';
import { waitForMail } from '../../e2e/outbox-mail.js';

/**
 * The embedded demo as `npm start` runs it (DEMO_DRIVER_PASSWORD set): the seeded drivers sign in
 * to the portal with the demo password, and a job one of them declines goes on to the next free
 * demo driver, not to the office, as it would with real drivers.
 */
const DEMO_PASSWORD = 'vanhop-demo-driver';

describe('demo drivers have portal accounts in the embedded demo', () => {
  // A stand-in web app: the gateway reports ready only with one to serve (no build needed here).
  const webApp = mkdtempSync(path.join(tmpdir(), 'vanhop-web-app-'));
  writeFileSync(path.join(webApp, 'index.html'), '<!doctype html><title>VanHop</title>');
  afterAll(() => rmSync(webApp, { recursive: true, force: true }));
  const embedded = useEmbeddedProduct({ env: { DEMO_DRIVER_PASSWORD: DEMO_PASSWORD, STATIC_DIR: webApp } });
  const { api } = embedded;
  const staff = () => ({ headers: staffAuth('Sam_Admin', embedded.jwt()) });

  // First in the file: nothing has run since the start that could give events time to arrive.
  it('every demo driver can sign in the moment the product reports ready', async () => {
    expect((await fetch(`${embedded.product().opsUrl}/health/ready`)).status).toBe(200);
    const signIns = await Promise.all(
      DEMO_DRIVER_CONTACTS.map((d) =>
        api<{ driver: { id: string } }>('POST', '/api/driver-account/login', {
          email: d.email,
          password: DEMO_PASSWORD,
        }),
      ),
    );
    expect(signIns.map((r) => [r.status, r.body.driver?.id])).toEqual(
      DEMO_DRIVER_CONTACTS.map((d) => [200, d.driverId]),
    );
  });

  it('a demo driver signs in with the demo password and declines: the job goes to the next free driver', async () => {
    const date = daysAheadAtUtc(new Date(), 12, 10);
    const priced = await api<BookingQuoteResponse>(
      'POST',
      '/api/booking',
      completeBooking(date, { email: 'demo@example.com' }),
    );
    expect(priced.status).toBe(200);
    // The dearest offer: every other driver can take it for no more than was paid.
    const offer = priced.body.offers.at(-1)!;
    const saved = await api<{ data: { randomNumber: number } }>('POST', '/api/saveRetrieve', {
      quote: quoteForOffer(priced.body, offer),
    });
    const { checkout } = await payOnLocalCheckout(api, {
      ...quoteForOffer(priced.body, offer),
      randomNumber: saved.body.data.randomNumber,
      percentage: 30,
    });
    const paid = await api<PaymentSuccessResponse>('POST', '/api/paymentbooking/success', {
      session_id: checkout.body.sessionId,
    });
    expect(paid.status).toBe(200);
    await embedded.product().bus.idle();

    const email = DEMO_DRIVERS.find((d) => d._id === offer.driverId)!.email;
    const signedIn = await api<{ token: string }>('POST', '/api/driver-account/login', {
      email,
      password: DEMO_PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    const asDriver = { headers: { authorization: `Bearer ${signedIn.body.token}` } };
    await expect
      .poll(
        async () =>
          (await api('POST', `/api/driver/me/jobs/${paid.body.bookingId}/decline`, undefined, asDriver)).status,
        {
          timeout: 15_000,
        },
      )
      .toBe(200);
    await embedded.product().bus.idle();

    const told = await waitForMail(
      embedded.running().dataDir,
      (m) =>
        m.to.includes('demo@example.com') &&
        !!m.subject?.startsWith(`Your new driver for booking ${paid.body.randomNumber}`),
    );
    expect(told.subject).not.toContain(offer.driverName);
    const office = (await api<JobView[]>('GET', '/api/drivers/admin/jobs', undefined, staff())).body;
    expect(office.map((j) => j.bookingId)).not.toContain(paid.body.bookingId);
  });
});
