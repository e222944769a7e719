/**
 * The data of the "back office that finds things" browser test: the product started with staff, a
 * driver of our own (signed in to the portal, weekday hours), a saved quotation and two paid jobs
 * with that driver (one accepted), all made through the API as staff, customers and the driver would.
 * Kept apart from back-office-data.ts so this test needs only what it pictures.
 */
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DriverAdminView, DriverJobsResponse, StaffCursorPage } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, priceAndSave } from '../test/support/gateway-api.js';
import {
  addDriver,
  bookAndPay,
  invite,
  setHours,
  setPassword,
  signUpStaff,
  until,
  type BackOfficeData,
} from './back-office-data.js';
import { launchChromium } from './harness.js';

export interface FindsOffice {
  running: EmbeddedOnTempDir;
  browser: Browser;
  base: string;
  /** In the shape the shared screen helpers read (the fields this test has no use for are empty). */
  data: BackOfficeData;
  acceptedCode: number;
  stop(): Promise<void>;
}

/** 09:00 UTC on the first Monday, Tuesday or Wednesday at least `from` days ahead: inside the driver's weekday hours. */
export function weekdayAhead(from: number, hourUtc = 9): string {
  for (let days = from; ; days++) {
    const at = daysAheadAtUtc(new Date(), days, hourUtc);
    if ([1, 2, 3].includes(new Date(at).getUTCDay())) return at;
  }
}

export async function startFindsOffice(): Promise<FindsOffice> {
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    GATEWAY_PORT: '0',
    LOGIN_RATE_LIMIT_PER_CLIENT: '1000',
    LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
  };
  const running = await startEmbeddedOnTempDir(env);
  const base = running.product.url;
  const api = apiClient(() => base);
  try {
    const staff = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!, {
      name: 'Fran_Finder',
      password: 'finder-password-1',
    });
    const { name, token } = staff;
    const template = (
      await api<StaffCursorPage<DriverAdminView>>('GET', '/api/drivers/admin/page?pageSize=100', undefined, { token })
    ).body.items[0]!;
    const driver = await addDriver(api, token, template, {
      name: 'Dana Driver',
      email: 'dana.driver@drivers.example',
      phone: '07700900555',
      basePostcode: 'NW2',
    });
    const welcome = await invite(api, running.dataDir, token, driver);
    const driverToken = await setPassword(api, welcome);
    await setHours(api, driverToken, []);

    const addresses = [
      address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1),
      address('a2', 'London SE1, UK', '5 Borough High Street', 0),
    ];
    const quotation = await priceAndSave(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 6, 10), {
        name: 'Quinn Quoter',
        email: 'quinn@example.com',
        addresses,
      }),
    );
    const jobCode = (
      await bookAndPay(
        api,
        completeBooking(weekdayAhead(3, 9), {
          name: 'Carla Customer',
          email: 'carla@example.com',
          phone: '07700 900 321',
          addresses,
        }),
        driver.id,
      )
    ).code;
    const acceptedCode = (
      await bookAndPay(
        api,
        completeBooking(weekdayAhead(3, 14), { name: 'Alan Accepted', email: 'alan@example.com', addresses }),
        driver.id,
      )
    ).code;
    const jobs = async () => {
      const { body: b } = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, {
        token: driverToken,
      });
      return [...(b.today ?? []), ...(b.upcoming ?? []), ...(b.past ?? [])];
    };
    const accepted = (
      await until('both jobs in the portal', jobs, (list) =>
        [jobCode, acceptedCode].every((c) => list.some((j) => j.randomNumber === c)),
      )
    ).find((j) => j.randomNumber === acceptedCode)!;
    expect(
      (await api('POST', `/api/driver/me/jobs/${accepted.bookingId}/accept`, undefined, { token: driverToken })).status,
    ).toBe(200);

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
