/**
 * The back office's data for the staff and driver screens: the product started with a saved quotation,
 * paid jobs, a review waiting for moderation, support chats and two drivers of our own, all made
 * through the API as staff, customers and a driver would.
 */
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import type {
  BookingQuoteResponse,
  BookingRecord,
  DriverAdminView,
  DriverJobsResponse,
  SupportInbox,
  StaffCursorPage,
} from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave, type Api } from '../test/support/gateway-api.js';
import { quoteForOffer } from '../frontend/src/features/booking/bookingModel.js';
import { launchChromium } from './harness.js';
import { linkPath, outboxMails, type Mail } from './outbox-mail.js';

const INVITATION_SUBJECT = 'Your VanHop driver portal invitation';
const DAY = 86_400_000;

/** The records and people the staff and driver screens show (names double as what a test waits for). */
export interface BackOfficeData {
  staff: { name: string; token: string };
  /** Signed in to the portal, with an offered, an accepted and a declined job, and weekly hours. */
  driver: { id: string; name: string; email: string; token: string };
  /** Invited, never signed in: the welcome page of this link. */
  invitedName: string;
  welcomePath: string;
  quotationCode: number;
  jobCode: number;
  supportCustomer: string;
}

export interface BackOffice {
  running: EmbeddedOnTempDir;
  browser: Browser;
  base: string;
  data: BackOfficeData;
  stop(): Promise<void>;
}

/**
 * Starts the product with every staff and driver screen filled in: a saved quotation, paid jobs, a
 * customer review waiting for moderation, two support chats, and two drivers of our own (one signed
 * in with jobs and hours, one with an unused invitation). The clock starts six days back so that one
 * move is over and can be reviewed (as in e2e/reviews.test.ts), then follows the wall clock.
 */
export async function startBackOffice(): Promise<BackOffice> {
  let pinned: Date | null = new Date(Date.now() - 6 * DAY);
  const bookedAt = pinned;
  // Each test opens the welcome link and tries a wrong password in every width and theme: past the usual per-client limits.
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    GATEWAY_PORT: '0',
    REGISTER_RATE_LIMIT_PER_CLIENT: '1000',
    LOGIN_RATE_LIMIT_PER_CLIENT: '1000',
    LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
  };
  const running = await startEmbeddedOnTempDir(env, { clock: { now: () => pinned ?? new Date() } });
  const base = running.product.url;
  const api = apiClient(() => base);
  try {
    const reviewed = await bookAndPay(
      api,
      completeBooking(daysAheadAtUtc(bookedAt, 5, 10), { name: 'Rosa Reviewer', email: 'rosa.reviewer@example.com' }),
    );
    pinned = null;

    const staff = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!);
    await leaveReview(api, running.dataDir, staff.token, reviewed);
    const supportCustomer = await openSupportChats(api, staff.token);

    const template = (
      await api<StaffCursorPage<DriverAdminView>>('GET', '/api/drivers/admin/page?pageSize=100', undefined, {
        token: staff.token,
      })
    ).body.items[0]!;
    const driver = await addDriver(api, staff.token, template, {
      name: 'Dana Driver',
      email: 'dana.driver@drivers.example',
      phone: '07700900555',
      basePostcode: 'NW2',
    });
    const invited = await addDriver(api, staff.token, template, {
      name: 'Wes Welcome',
      email: 'wes.welcome@drivers.example',
      phone: '07700900556',
      basePostcode: 'SE1',
    });
    const [driverLink, welcomePath] = await Promise.all([
      invite(api, running.dataDir, staff.token, driver),
      invite(api, running.dataDir, staff.token, invited),
    ]);
    const driverToken = await setPassword(api, driverLink);

    // Inside both drivers' 15 miles, so every booking can go to Dana.
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
    const job = await bookAndPay(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 3, 9), {
        name: 'Carla Customer',
        email: 'carla@example.com',
        addresses,
      }),
      driver.id,
    );
    const accepted = await bookAndPay(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 4, 13), {
        name: 'Alan Accepted',
        email: 'alan@example.com',
        addresses,
      }),
      driver.id,
    );
    const declined = await bookAndPay(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 5, 11), { name: 'Dee Declined', email: 'dee@example.com', addresses }),
      driver.id,
    );
    await answerJobs(api, driverToken, [job.code, accepted.code, declined.code], {
      accept: accepted.code,
      decline: declined.code,
    });
    await setHours(api, driverToken);
    // A suspended driver's row in the list (after the bookings: a suspended driver is offered nothing).
    expect(
      (
        await api(
          'POST',
          `/api/drivers/admin/${template.id}/suspend`,
          { reason: 'Van off the road for repairs' },
          { token: staff.token },
        )
      ).status,
    ).toBe(200);

    const browser = await launchChromium();
    return {
      running,
      browser,
      base,
      data: {
        staff,
        driver: { id: driver.id, name: driver.name, email: driver.email, token: driverToken },
        invitedName: invited.name,
        welcomePath,
        quotationCode: quotation.record.randomNumber,
        jobCode: job.code,
        supportCustomer,
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

/** The product as a driver test starts it: staff signed up, and the drivers they see (the demo ones). */
export interface StaffOffice {
  running: EmbeddedOnTempDir;
  base: string;
  api: Api;
  staffToken: string;
  drivers: DriverAdminView[];
}

/** Starts the embedded product (web app included, wall clock) and signs staff up. */
export async function startWithStaff(): Promise<StaffOffice> {
  const running = await startEmbeddedOnTempDir({ ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0' });
  try {
    const base = running.product.url;
    const api = apiClient(() => base);
    const { token } = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!);
    const drivers = (
      await api<StaffCursorPage<DriverAdminView>>('GET', '/api/drivers/admin/page?pageSize=100', undefined, { token })
    ).body.items;
    return { running, base, api, staffToken: token, drivers };
  } catch (err) {
    await running.stop();
    throw err;
  }
}

/** A driver of our own on `template`'s card, invited, who has set a password: their portal token. */
export async function addSignedInDriver(
  office: StaffOffice,
  template: DriverAdminView,
  who: NewDriver,
): Promise<{ driver: DriverAdminView; token: string }> {
  const driver = await addDriver(office.api, office.staffToken, template, who);
  return {
    driver,
    token: await setPassword(office.api, await invite(office.api, office.running.dataDir, office.staffToken, driver)),
  };
}

/**
 * Asks `read` again until `done` holds for its answer, and returns that answer. The data is made in
 * beforeAll, where expect.poll (and so waitForMail) may not run.
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = 20_000,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end)
      throw new Error(`Timed out waiting for ${what}: last answer ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The newest mail matching `match`, once there is one (only the newest invitation's link works). */
export async function newestMail(dataDir: string, what: string, match: (m: Mail) => boolean): Promise<Mail> {
  const mails = await until(
    what,
    async () => (await outboxMails(dataDir)).filter(match),
    (found) => found.length > 0,
  );
  return mails.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0)).at(-1)!;
}

/** Saves a quote (with `driverId`, that driver's offer) and pays 30 % on the local checkout. */
export async function bookAndPay(
  api: Api,
  booking: ReturnType<typeof completeBooking>,
  driverId?: string,
): Promise<{ id: string; code: number }> {
  const priced = await api<BookingQuoteResponse>('POST', '/api/booking', booking);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const offer = priced.body.offers.find((o) => o.driverId === driverId);
  if (driverId) expect(offer, `an offer from ${driverId}`).toBeTruthy();
  const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', {
    quote: offer ? quoteForOffer(priced.body, offer) : priced.body.quote,
  });
  expect(saved.status).toBe(201);
  const record = saved.body.data;
  await payOnLocalCheckout(api, { ...record.quote, randomNumber: record.randomNumber, percentage: 30 });
  const status = async () =>
    (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).body[0]?.paymentStatus;
  await until(`booking ${record.randomNumber} paid`, status, (paid) => paid === '30percentage');
  return { id: record._id, code: record.randomNumber };
}

export async function signUpStaff(
  api: Api,
  code: string,
  who = { name: 'Sam_Screens', password: 'screens-password-1' },
): Promise<BackOfficeData['staff']> {
  const { name, password } = who;
  expect(
    (await api('POST', '/api/account/register', { name, password, password1: password, uniquecode: code })).status,
  ).toBe(201);
  const login = await api<{ token: string }>('POST', '/api/account/login', { username: name, password });
  expect(login.status).toBe(200);
  return { name, token: login.body.token };
}

/** Staff ask for a review of the move that is over; the customer answers from the e-mailed link. */
async function leaveReview(api: Api, dataDir: string, token: string, booking: { id: string }): Promise<void> {
  expect((await api('POST', `/api/backdata/review/${booking.id}`, undefined, { token })).status).toBe(200);
  const mail = await newestMail(
    dataDir,
    'the review request',
    (m) => m.to.includes('rosa.reviewer@example.com') && m.subject === 'How was your move with VanHop?',
  );
  const link = linkPath(mail, 'review').split('/').pop();
  const review = {
    rating: 4,
    text: 'On time and careful with the piano. One box was left in the van, brought back the same evening.',
    driverRating: 5,
  };
  expect((await api('POST', `/api/reviews/link/${link}`, review)).status).toBeLessThan(300);
}

/** One chat staff have answered and one still waiting; returns the waiting customer's name. */
async function openSupportChats(api: Api, token: string): Promise<string> {
  const start = (name: string, body: string) =>
    api('POST', '/api/conversations/support', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      page: '/booking',
      body,
    });
  expect((await start('Olive Answered', 'Can you take a fridge freezer upright?')).status).toBeLessThan(300);
  const answered = (await api<SupportInbox>('GET', '/api/support/admin/conversations', undefined, { token })).body
    .conversations[0]!;
  await api(
    'POST',
    `/api/support/admin/conversations/${answered.id}/messages`,
    { body: 'Yes: it travels strapped upright in every van.' },
    { token },
  );
  expect(
    (await start('Pat Waiting', 'My move is on Saturday: can I add a stop in Camden on the way?')).status,
  ).toBeLessThan(300);
  return 'Pat Waiting';
}

export interface NewDriver {
  name: string;
  email: string;
  phone: string;
  basePostcode: string;
}

/** A driver with the first existing driver's prices, every van and help level, 15 miles around their base. */
export async function addDriver(
  api: Api,
  token: string,
  template: DriverAdminView,
  who: NewDriver,
): Promise<DriverAdminView> {
  const body = {
    ...who,
    vanSizes: ['Small', 'Medium', 'Large', 'Luton'],
    helpLevels: ['No-Help', 'Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'],
    serviceRadiusMiles: 15,
    card: template.card,
    cardBounds: template.cardBounds,
  };
  const created = await api<DriverAdminView>('POST', '/api/drivers/admin', body, { token });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body;
}

/** Invites a driver (the account service learns of new drivers by event, so the first tries may be refused) and returns the mailed link's path. */
export async function invite(api: Api, dataDir: string, token: string, driver: DriverAdminView): Promise<string> {
  await until(
    `an invitation for ${driver.name}`,
    async () => (await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, { token })).status,
    (status) => status === 202,
  );
  return linkPath(
    await newestMail(
      dataDir,
      `${driver.name}'s invitation`,
      (m) => m.to.includes(driver.email) && m.subject === INVITATION_SUBJECT,
    ),
    'driver/welcome',
  );
}

export async function setPassword(api: Api, welcomePath: string): Promise<string> {
  const password = 'a-long-driver-password';
  const answer = await api<{ token: string }>('POST', `/api${welcomePath.replace('/driver/', '/driver-account/')}`, {
    password,
    password1: password,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

/** Waits until the paid bookings reach the driver's jobs, then accepts one and declines another (it goes back to the office). */
async function answerJobs(
  api: Api,
  token: string,
  codes: number[],
  answers: { accept: number; decline: number },
): Promise<void> {
  const jobs = async () => {
    const { body } = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token });
    return [...(body.today ?? []), ...(body.upcoming ?? []), ...(body.past ?? [])];
  };
  await until(`jobs ${codes.join(' and ')} in the portal`, jobs, (list) =>
    codes.every((c) => list.some((j) => j.randomNumber === c)),
  );
  for (const [answer, code] of Object.entries(answers)) {
    const job = (await jobs()).find((j) => j.randomNumber === code)!;
    expect((await api('POST', `/api/driver/me/jobs/${job.bookingId}/${answer}`, undefined, { token })).status).toBe(
      200,
    );
  }
}

/** Weekdays 08:00 to 18:00 with a late Thursday, weekends off; by default one day off next month. */
export async function setHours(
  api: Api,
  token: string,
  daysOff = [new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10)],
): Promise<void> {
  const day = [{ from: '08:00', to: '18:00' }];
  const weekly = {
    mon: day,
    tue: day,
    wed: day,
    thu: [
      { from: '07:00', to: '12:00' },
      { from: '14:00', to: '21:30' },
    ],
    fri: day,
    sat: [],
    sun: [],
  };
  const saved = await api('PUT', '/api/driver/me/availability', { weekly, daysOff }, { token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
