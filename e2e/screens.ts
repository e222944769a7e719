/**
 * What the screenshot and accessibility tests share about screens: the widths and themes a screen is
 * seen in, how one is opened in a theme, and every staff and driver screen with the data it shows.
 * One list of screens feeds both tests, so axe checks every screen a person reviews.
 */
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BookingQuoteResponse, BookingRecord, DriverAdminView, DriverJobsResponse, SupportInbox } from '@vanhop/contracts';
import { address, completeBooking, daysAheadAtUtc } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../test/support/embedded.js';
import { apiClient, payOnLocalCheckout, priceAndSave, type Api } from '../test/support/gateway-api.js';
import { quoteForOffer } from '../frontend/src/features/booking/bookingModel.js';
import { launchChromium } from './harness.js';
import { linkPath, outboxMails, type Mail } from './outbox-mail.js';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export const THEMES = ['light', 'dark'] as const;

export type Viewport = (typeof VIEWPORTS)[number];
export type Theme = (typeof THEMES)[number];

/** Every width with every theme, for it.each. */
export const VIEWPORT_THEMES = VIEWPORTS.flatMap((viewport) => THEMES.map((theme) => ({ viewport, theme })));

/** Where a screen's picture goes under test-artifacts/. */
export const screenPath = (screen: string, viewport: Viewport, theme: Theme) => `screens/${screen}-${viewport.width}-${theme}`;

/** The theme is not saved, so every load starts light: night is one press of the footer toggle, as a user would. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  if (theme === 'dark') await page.getByRole('button', { name: /night mode/i }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

/** Lazy images (the hero art, vans, photos) and the rotating carousels settle before a picture or an axe run. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((r) => ((img.onload = r), (img.onerror = r)))))));
  await page.waitForTimeout(250);
}

/** Opens a customer page, waits for its content, then switches the theme. */
export async function open(page: Page, url: string, theme: Theme, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(url);
  await ready(page);
  await setTheme(page, theme);
  await settle(page);
}

// ---- The staff back office and the driver portal -------------------------------------------------

export const STAFF_TOKEN_KEY = 'vanhop.adminToken';
export const DRIVER_TOKEN_KEY = 'vanhop.driverToken';
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
  const env = { ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: '0', REGISTER_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' };
  const running = await startEmbeddedOnTempDir(env, { clock: { now: () => pinned ?? new Date() } });
  const base = running.product.url;
  const api = apiClient(() => base);
  try {
    const reviewed = await bookAndPay(api, completeBooking(daysAheadAtUtc(bookedAt, 5, 10), { name: 'Rosa Reviewer', email: 'rosa.reviewer@example.com' }));
    pinned = null;

    const staff = await signUpStaff(api, running.product.env.ADMIN_SIGNUP_CODE!);
    await leaveReview(api, running.dataDir, staff.token, reviewed);
    const supportCustomer = await openSupportChats(api, staff.token);

    const template = (await api<DriverAdminView[]>('GET', '/api/drivers/admin', undefined, { token: staff.token })).body[0]!;
    const driver = await addDriver(api, staff.token, template, { name: 'Dana Driver', email: 'dana.driver@drivers.example', phone: '07700900555', basePostcode: 'NW2' });
    const invited = await addDriver(api, staff.token, template, { name: 'Wes Welcome', email: 'wes.welcome@drivers.example', phone: '07700900556', basePostcode: 'SE1' });
    const [driverLink, welcomePath] = await Promise.all([invite(api, running.dataDir, staff.token, driver), invite(api, running.dataDir, staff.token, invited)]);
    const driverToken = await setPassword(api, driverLink);

    // Inside both drivers' 15 miles, so every booking can go to Dana.
    const addresses = [address('a1', 'London NW2, UK', '12 Cricklewood Lane', 1), address('a2', 'London SE1, UK', '5 Borough High Street', 0)];
    const quotation = await priceAndSave(api, completeBooking(daysAheadAtUtc(new Date(), 6, 10), { name: 'Quinn Quoter', email: 'quinn@example.com', addresses }));
    const job = await bookAndPay(api, completeBooking(daysAheadAtUtc(new Date(), 3, 9), { name: 'Carla Customer', email: 'carla@example.com', addresses }), driver.id);
    const accepted = await bookAndPay(api, completeBooking(daysAheadAtUtc(new Date(), 4, 13), { name: 'Alan Accepted', email: 'alan@example.com', addresses }), driver.id);
    const declined = await bookAndPay(api, completeBooking(daysAheadAtUtc(new Date(), 5, 11), { name: 'Dee Declined', email: 'dee@example.com', addresses }), driver.id);
    await answerJobs(api, driverToken, [job.code, accepted.code, declined.code], { accept: accepted.code, decline: declined.code });
    await setHours(api, driverToken);
    // A suspended driver's row in the list (after the bookings: a suspended driver is offered nothing).
    expect((await api('POST', `/api/drivers/admin/${template.id}/suspend`, { reason: 'Van off the road for repairs' }, { token: staff.token })).status).toBe(200);

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

/**
 * Asks `read` again until `done` holds for its answer, and returns that answer. The data is made in
 * beforeAll, where expect.poll (and so waitForMail) may not run.
 */
async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeout = 20_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: last answer ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The newest mail matching `match`, once there is one (only the newest invitation's link works). */
async function newestMail(dataDir: string, what: string, match: (m: Mail) => boolean): Promise<Mail> {
  const mails = await until(what, async () => (await outboxMails(dataDir)).filter(match), (found) => found.length > 0);
  return mails.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0)).at(-1)!;
}

/** Saves a quote (with `driverId`, that driver's offer) and pays 30 % on the local checkout. */
async function bookAndPay(api: Api, booking: ReturnType<typeof completeBooking>, driverId?: string): Promise<{ id: string; code: number }> {
  const priced = await api<BookingQuoteResponse>('POST', '/api/booking', booking);
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const offer = priced.body.offers.find((o) => o.driverId === driverId);
  if (driverId) expect(offer, `an offer from ${driverId}`).toBeTruthy();
  const saved = await api<{ data: BookingRecord }>('POST', '/api/saveRetrieve', { quote: offer ? quoteForOffer(priced.body, offer) : priced.body.quote });
  expect(saved.status).toBe(201);
  const record = saved.body.data;
  await payOnLocalCheckout(api, { ...record.quote, randomNumber: record.randomNumber, percentage: 30 });
  const status = async () => (await api<BookingRecord[]>('GET', `/api/saveRetrieve?randomNumber=${record.randomNumber}`)).body[0]?.paymentStatus;
  await until(`booking ${record.randomNumber} paid`, status, (paid) => paid === '30percentage');
  return { id: record._id, code: record.randomNumber };
}

async function signUpStaff(api: Api, code: string): Promise<BackOfficeData['staff']> {
  const name = 'Sam_Screens';
  const password = 'screens-password-1';
  expect((await api('POST', '/api/account/register', { name, password, password1: password, uniquecode: code })).status).toBe(201);
  const login = await api<{ token: string }>('POST', '/api/account/login', { username: name, password });
  expect(login.status).toBe(200);
  return { name, token: login.body.token };
}

/** Staff ask for a review of the move that is over; the customer answers from the e-mailed link. */
async function leaveReview(api: Api, dataDir: string, token: string, booking: { id: string }): Promise<void> {
  expect((await api('POST', `/api/backdata/review/${booking.id}`, undefined, { token })).status).toBe(200);
  const mail = await newestMail(dataDir, 'the review request', (m) => m.to.includes('rosa.reviewer@example.com') && m.subject === 'How was your move with VanHop?');
  const link = linkPath(mail, 'review').split('/').pop();
  const review = { rating: 4, text: 'On time and careful with the piano. One box was left in the van, brought back the same evening.', driverRating: 5 };
  expect((await api('POST', `/api/reviews/link/${link}`, review)).status).toBeLessThan(300);
}

/** One chat staff have answered and one still waiting; returns the waiting customer's name. */
async function openSupportChats(api: Api, token: string): Promise<string> {
  const start = (name: string, body: string) => api('POST', '/api/conversations/support', { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, page: '/booking', body });
  expect((await start('Olive Answered', 'Can you take a fridge freezer upright?')).status).toBeLessThan(300);
  const answered = (await api<SupportInbox>('GET', '/api/support/admin/conversations', undefined, { token })).body.conversations[0]!;
  await api('POST', `/api/support/admin/conversations/${answered.id}/messages`, { body: 'Yes: it travels strapped upright in every van.' }, { token });
  expect((await start('Pat Waiting', 'My move is on Saturday: can I add a stop in Camden on the way?')).status).toBeLessThan(300);
  return 'Pat Waiting';
}

interface NewDriver {
  name: string;
  email: string;
  phone: string;
  basePostcode: string;
}

/** A driver with the first existing driver's prices, every van and help level, 15 miles around their base. */
async function addDriver(api: Api, token: string, template: DriverAdminView, who: NewDriver): Promise<DriverAdminView> {
  const body = { ...who, vanSizes: ['Small', 'Medium', 'Large', 'Luton'], helpLevels: ['No-Help', 'Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'], serviceRadiusMiles: 15, card: template.card, cardBounds: template.cardBounds };
  const created = await api<DriverAdminView>('POST', '/api/drivers/admin', body, { token });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return created.body;
}

/** Invites a driver (the account service learns of new drivers by event, so the first tries may be refused) and returns the mailed link's path. */
async function invite(api: Api, dataDir: string, token: string, driver: DriverAdminView): Promise<string> {
  await until(`an invitation for ${driver.name}`, async () => (await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, { token })).status, (status) => status === 202);
  return linkPath(await newestMail(dataDir, `${driver.name}'s invitation`, (m) => m.to.includes(driver.email) && m.subject === INVITATION_SUBJECT), 'driver/welcome');
}

async function setPassword(api: Api, welcomePath: string): Promise<string> {
  const password = 'a-long-driver-password';
  const answer = await api<{ token: string }>('POST', `/api${welcomePath.replace('/driver/', '/driver-account/')}`, { password, password1: password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.token;
}

/** Waits until the paid bookings reach the driver's jobs, then accepts one and declines another (it goes back to the office). */
async function answerJobs(api: Api, token: string, codes: number[], answers: { accept: number; decline: number }): Promise<void> {
  const jobs = async () => {
    const { body } = await api<DriverJobsResponse>('GET', '/api/driver/me/jobs', undefined, { token });
    return [...(body.today ?? []), ...(body.upcoming ?? []), ...(body.past ?? [])];
  };
  await until(`jobs ${codes.join(' and ')} in the portal`, jobs, (list) => codes.every((c) => list.some((j) => j.randomNumber === c)));
  for (const [answer, code] of Object.entries(answers)) {
    const job = (await jobs()).find((j) => j.randomNumber === code)!;
    expect((await api('POST', `/api/driver/me/jobs/${job.bookingId}/${answer}`, undefined, { token })).status).toBe(200);
  }
}

/** Weekdays 08:00 to 18:00 with a late Thursday, weekends off, and one day off next month. */
async function setHours(api: Api, token: string): Promise<void> {
  const day = [{ from: '08:00', to: '18:00' }];
  const weekly = { mon: day, tue: day, wed: day, thu: [{ from: '07:00', to: '12:00' }, { from: '14:00', to: '21:30' }], fri: day, sat: [], sun: [] };
  const dayOff = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  const saved = await api('PUT', '/api/driver/me/availability', { weekly, daysOff: [dayOff] }, { token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Who a screen is opened as: the token is in the browser's storage before the first load. */
export type Visitor = 'nobody' | 'staff' | 'driver';

export interface AreaScreen {
  name: string;
  as: Visitor;
  path: (data: BackOfficeData) => string;
  /** What the user sees first (and any clicks that lead to the state shown); a screen that never gets there fails. */
  show: (page: Page, data: BackOfficeData) => Promise<unknown>;
  /** A dialog over the page: the picture is the window, as a full-page one would draw the page below the fixed backdrop. */
  dialog?: boolean;
}

/** Opens one record's panel from a dashboard list. */
async function openRecord(page: Page, list: 'job-card' | 'quotation-card', code: number) {
  await page.getByTestId(list).locator(`[data-code="${code}"]`).click();
  const panel = page.getByRole('dialog', { name: `Record ${code}` });
  await panel.waitFor();
  return panel;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

/** A well-formed invitation link that was never sent. */
const UNKNOWN_INVITATION = `/driver/welcome/v1.${'x'.repeat(24)}.abc.${'y'.repeat(22)}`;

export const STAFF_SCREENS: AreaScreen[] = [
  { name: 'admin-login', as: 'nobody', path: () => '/admin/login', show: heading('Staff login') },
  {
    name: 'admin-login-error',
    as: 'nobody',
    path: () => '/admin/login',
    show: async (page, data) => {
      await page.getByLabel('Username').fill(data.staff.name);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByTestId('login-error').waitFor();
    },
  },
  { name: 'admin-register', as: 'nobody', path: () => '/admin/register', show: heading('Staff sign up') },
  {
    name: 'admin-register-errors',
    as: 'nobody',
    path: () => '/admin/register',
    show: async (page) => {
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.locator('.admin-field-error').first().waitFor();
    },
  },
  { name: 'admin-dashboard', as: 'staff', path: () => '/admin/dashboard', show: (page, data) => page.getByTestId('job-card').locator(`[data-code="${data.jobCode}"]`).waitFor() },
  { name: 'admin-record-job', as: 'staff', dialog: true, path: () => '/admin/dashboard', show: (page, data) => openRecord(page, 'job-card', data.jobCode) },
  {
    name: 'admin-record-amend',
    as: 'staff',
    dialog: true,
    path: () => '/admin/dashboard',
    show: async (page, data) => {
      const panel = await openRecord(page, 'job-card', data.jobCode);
      await panel.getByRole('button', { name: 'Change date, hours or stops' }).click();
      await panel.locator('.admin-amend-form').waitFor();
      await panel.getByRole('button', { name: 'Delete' }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'admin-record-quotation', as: 'staff', dialog: true, path: () => '/admin/dashboard', show: (page, data) => openRecord(page, 'quotation-card', data.quotationCode) },
  {
    name: 'admin-health',
    as: 'staff',
    path: () => '/admin/health',
    show: async (page) => {
      for (const id of ['health-check', 'ip-check']) await page.getByTestId(id).getByRole('button', { name: 'Click Me to Check' }).click();
      await page.locator('.admin-services li').first().waitFor();
      await expect.poll(() => page.getByTestId('ip-check').locator('.admin-check-button').innerText()).toMatch(/^[\d.:a-f]+$/i);
    },
  },
  {
    name: 'admin-support',
    as: 'staff',
    path: () => '/admin/support',
    show: async (page, data) => {
      await page.getByTestId('support-chat').filter({ hasText: data.supportCustomer }).click();
      await page.getByRole('heading', { name: data.supportCustomer }).waitFor();
    },
  },
  { name: 'admin-reviews', as: 'staff', path: () => '/admin/reviews', show: (page) => page.getByTestId('moderated-review').first().waitFor() },
  {
    name: 'admin-drivers',
    as: 'staff',
    path: () => '/admin/drivers',
    show: async (page, data) => {
      const row = page.getByTestId('driver-row').filter({ hasText: data.driver.name });
      await expect.poll(() => row.getByTestId('account-status').innerText()).toBe('active');
    },
  },
  { name: 'admin-driver-new', as: 'staff', path: () => '/admin/drivers/new', show: (page) => page.getByRole('button', { name: 'Save driver' }).waitFor() },
  {
    name: 'admin-driver',
    as: 'staff',
    path: (data) => `/admin/drivers/${data.driver.id}`,
    show: async (page, data) => {
      await heading(data.driver.name)(page);
      await page.getByTestId('audit-entry').first().waitFor();
      await expect.poll(() => page.getByTestId('account-status').innerText()).toBe('active');
    },
  },
  { name: 'admin-not-found', as: 'staff', path: () => '/admin/no-such-screen', show: heading('404 - Not Found') },
];

export const DRIVER_SCREENS: AreaScreen[] = [
  { name: 'driver-welcome', as: 'nobody', path: (data) => data.welcomePath, show: (page, data) => heading(`Welcome to VanHop, ${data.invitedName}`)(page) },
  {
    name: 'driver-welcome-errors',
    as: 'nobody',
    path: (data) => data.welcomePath,
    show: async (page) => {
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.locator('.vh-field-error').first().waitFor();
    },
  },
  { name: 'driver-welcome-dead-link', as: 'nobody', path: () => UNKNOWN_INVITATION, show: (page) => page.getByRole('alert').waitFor() },
  { name: 'driver-login', as: 'nobody', path: () => '/driver/login', show: heading('Driver sign in') },
  {
    name: 'driver-login-error',
    as: 'nobody',
    path: () => '/driver/login',
    show: async (page, data) => {
      await page.getByLabel('E-mail').fill(data.driver.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('driver-login-error').waitFor();
    },
  },
  {
    name: 'driver-jobs',
    as: 'driver',
    path: () => '/driver/jobs',
    show: async (page, data) => {
      await page.getByRole('article', { name: `Booking ${data.jobCode}` }).getByRole('button', { name: 'Accept' }).waitFor();
      await page.getByTestId('signed-in-as').waitFor();
    },
  },
  { name: 'driver-prices', as: 'driver', path: () => '/driver/prices', show: (page) => page.getByRole('button', { name: 'Save prices' }).waitFor() },
  { name: 'driver-availability', as: 'driver', path: () => '/driver/availability', show: (page) => page.getByRole('button', { name: 'Save availability' }).waitFor() },
  { name: 'driver-not-found', as: 'driver', path: () => '/driver/no-such-page', show: heading('404 - Not Found') },
];

export const AREA_SCREENS: AreaScreen[] = [...STAFF_SCREENS, ...DRIVER_SCREENS];

/** Staff and drivers are in the UK: their dates and times read as they would on their own phones. */
const UK = { locale: 'en-GB', timezoneId: 'Europe/London' } as const;

/** A page in its own browser context for one visitor, their token stored before the first load. */
export async function visitorPage(browser: Browser, data: BackOfficeData, visitor: Visitor, viewport: { width: number; height: number }, extra: { bypassCSP?: boolean } = {}): Promise<Page> {
  const tokens: [string, string][] = visitor === 'staff' ? [[STAFF_TOKEN_KEY, data.staff.token]] : visitor === 'driver' ? [[DRIVER_TOKEN_KEY, data.driver.token]] : [];
  const context = await browser.newContext({ viewport, ...UK, ...extra });
  await context.addInitScript((pairs) => pairs.forEach(([k, v]) => localStorage.setItem(k, v)), tokens);
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  return page;
}

/** A page per visitor at one width ("nobody" has no token: the portal's sign-in page sends a signed-in driver on). */
export async function visitorPages(browser: Browser, data: BackOfficeData, viewport: { width: number; height: number }) {
  const pages: Record<Visitor, Page> = {
    nobody: await visitorPage(browser, data, 'nobody', viewport),
    staff: await visitorPage(browser, data, 'staff', viewport),
    driver: await visitorPage(browser, data, 'driver', viewport),
  };
  return { pages, close: () => Promise.all(Object.values(pages).map((p) => p.context().close())) };
}

/** Opens a staff or driver screen: waits for the area's chrome, switches the theme first (a dialog may cover the toggle later), then shows the screen. */
export async function openAreaScreen(page: Page, base: string, screen: AreaScreen, data: BackOfficeData, theme: Theme): Promise<void> {
  await page.goto(`${base}${screen.path(data)}`);
  await page.getByRole('button', { name: /night mode/i }).waitFor();
  await setTheme(page, theme);
  await screen.show(page, data);
  // the pointer stays where the last click was: off the page, so no hover state is drawn
  await page.mouse.move(0, 0);
  await settle(page);
}
