/**
 * The data of the "back office that finds things" browser test: the product started with staff, a
 * driver of our own (signed in to the portal, weekday hours), a saved quotation and two paid jobs
 * with that driver (one accepted), all made through the API as staff, customers and the driver would.
 * Kept apart from back-office-data.ts so this test needs only what it pictures.
 */
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BookingQuoteResponse, BookingRecord, DriverAdminView, DriverJobsResponse } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave, type Api } from '../test/support/gateway-api.js';
import { quoteForOffer } from '../frontend/src/features/booking/bookingModel.js';
import type { BackOfficeData } from './back-office-data.js';
import { launchChromium } from './harness.js';
import { linkPath, outboxMails } from './outbox-mail.js';

export interface FindsOffice {
  running: EmbeddedOnTempDir;
  browser: Browser;
  base: string;
  /** In the shape the shared screen helpers read (the fields this test has no use for are empty). */
  data: BackOfficeData;
  acceptedCode: number;
  stop(): Promise<void>;
}

/** Asks `read` again until `done` holds (beforeAll cannot use expect.poll). */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeout = 30_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: last answer ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function bookAndPay(api: Api, booking: ReturnType<typeof completeBooking>, driverId: string): Promise<number> {
  const priced = await api<BookingQuoteResponse>('POST', '/api/booking', booking);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const offer = priced.body.offers.find((o) => o.driverId === driverId);
  expect(offer, `an offer from ${driverId}`).toBeTruthy();
  const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', { quote: quoteForOffer(priced.body, offer!) });
  expect(saved.status).toBe(201);
  const record = saved.body.data;
  await payOnLocalCheckout(api, { ...record.quote, randomNumber: record.randomNumber, percentage: 30 });
  await until(`booking ${record.randomNumber} paid`, async () => (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).body[0]?.paymentStatus, (s) => s === '30percentage');
  return record.randomNumber;
}

/** 09:00 UTC on the first Monday, Tuesday or Wednesday at least `from` days ahead: inside the driver's weekday hours. */
export function weekdayAhead(from: number, hourUtc = 9): string {
  for (let days = from; ; days++) {
    const at = daysAheadAtUtc(new Date(), days, hourUtc);
    if ([1, 2, 3].includes(new Date(at).getUTCDay())) return at;
  }
}

export async function startFindsOffice(): Promise<FindsOffice> {
  const env = { ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0', LOGIN_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' };
  const running = await startEmbeddedOnTempDir(env);
  const base = running.product.url;
  const api = apiClient(() => base);
  try {
    const name = 'Fran_Finder';
    const password = 'finder-password-1';
    expect((await api('POST', '/api/account/register', { name, password, password1: password, uniquecode: running.product.env.ADMIN_SIGNUP_CODE })).status).toBe(201);
    const token = (await api<{ token: string }>('POST', '/api/account/login', { username: name, password })).body.token;

    const template = (await api<DriverAdminView[]>('GET', '/api/drivers/admin', undefined, { token })).body[0]!;
    const body = {
      name: 'Dana Driver', email: 'dana.driver@drivers.example', phone: '07700900555', basePostcode: 'NW2',
      vanSizes: ['Small', 'Medium', 'Large', 'Luton'], helpLevels: ['No-Help', 'Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'], serviceRadiusMiles: 15, card: template.card, cardBounds: template.cardBounds,
    };
    const driver = (await api<DriverAdminView>('POST', '/api/drivers/admin', body, { token })).body;
    await until('the invitation', async () => (await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, { token })).status, (s) => s === 202);
    const invitation = await until('the invitation mail', async () => (await outboxMails(running.dataDir)).find((m) => m.to.includes(driver.email)), (m) => m !== undefined);
    const welcome = linkPath(invitation!, 'driver/welcome');
    const driverToken = (await api<{ token: string }>('POST', `/api${welcome.replace('/driver/', '/driver-account/')}`, { password: 'a-long-driver-password', password1: 'a-long-driver-password' })).body.token;
    expect(driverToken).toBeTruthy();
    const day = [{ from: '08:00', to: '18:00' }];
    const weekly = { mon: day, tue: day, wed: day, thu: [{ from: '07:00', to: '12:00' }, { from: '14:00', to: '21:30' }], fri: day, sat: [], sun: [] };
    expect((await api('PUT', '/api/driver/me/availability', { weekly, daysOff: [] }, { token: driverToken })).status).toBe(200);

    const addresses = [address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1), address('a2', 'London SE1, UK', '5 Borough High Street', 0)];
    const quotation = await priceAndSave(api, completeBooking(daysAheadAtUtc(new Date(), 6, 10), { name: 'Quinn Quoter', email: 'quinn@example.com', addresses }));
    const jobCode = await bookAndPay(api, completeBooking(weekdayAhead(3, 9), { name: 'Carla Customer', email: 'carla@example.com', phone: '07700 900 321', addresses }), driver.id);
    const acceptedCode = await bookAndPay(api, completeBooking(weekdayAhead(3, 14), { name: 'Alan Accepted', email: 'alan@example.com', addresses }), driver.id);
    const jobs = async () => {
      const { body: b } = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token: driverToken });
      return [...(b.today ?? []), ...(b.upcoming ?? []), ...(b.past ?? [])];
    };
    const accepted = (await until('both jobs in the portal', jobs, (list) => [jobCode, acceptedCode].every((c) => list.some((j) => j.randomNumber === c)))).find((j) => j.randomNumber === acceptedCode)!;
    expect((await api('POST', `/api/driver/me/jobs/${accepted.bookingId}/accept`, undefined, { token: driverToken })).status).toBe(200);

    const browser = await launchChromium();
    return {
      running,
      browser,
      base,
      acceptedCode,
      data: {
        staff: { name, token },
        driver: { id: driver.id, name: driver.name, email: driver.email, token: driverToken },
        invitedName: '',
        welcomePath: welcome,
        quotationCode: quotation.record.randomNumber,
        jobCode,
        supportCustomer: '',
      },
      stop: async () => {
        await browser.close();
        await running.stop();
      },
    };
  } catch (err) {
    await running.stop();
    throw err;
  }
}
