import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABILITY_MSG,
  DRIVER_ACCOUNT_MSG,
  formatPence,
  WEEKDAYS,
  type Availability,
  type DriverAdminView,
  type DriverSelfView,
  type Quote,
} from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { completeBooking } from '../support/booking-fixtures.js';
import { apiClient } from '../support/gateway-api.js';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from '../support/embedded.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../support/staff.js';
import { linkPath, outboxMails, waitForMail } from '../../e2e/outbox-mail.js';
import { HOSTILE_BODIES, leaksInternals } from '../support/hostile-input.js';

/**
 * The supply side through the gateway of the whole embedded product: staff add and
 * invite a driver, the driver sets a password, their own prices and hours, and quoting follows;
 * suspension locks them out. Every mail is read from the product's outbox.
 */
const NOW = '2026-01-15T08:00:00.000Z';
/** A Tuesday, 10:00 in London (GMT in January). */
const MOVE_DATE = '2026-01-20T10:00:00.000Z';
const clock = fixedClock(NOW);
const staff = { headers: staffAuth('Sam_Admin', { clock }) };
const PASSWORD = 'van-and-man-2026';

let embedded: EmbeddedOnTempDir;
const api = apiClient(() => embedded.product.url);
/** The driver's device session cookie (`name=value`) a response sets, and a refresh with one. */
const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('vh_driver_session='))
    ?.split(';')[0] ?? '';
const refreshSession = (cookie: string) =>
  fetch(`${embedded.product.url}/api/driver-account/session/refresh`, { method: 'POST', headers: { cookie } });
let deviceCookie = '';

beforeAll(async () => {
  embedded = await startEmbeddedOnTempDir({ ...TEST_JWT_ENV }, { clock, webApp: false });
});
afterAll(async () => {
  await embedded?.stop();
});

type Offers = { quote: Quote; offers: { driverId: string; totalPrice: number }[] };
const offerOf = async (driverId: string, date = MOVE_DATE) => {
  // Quote prices from its read model of the fleet's drivers: once every event so far is applied.
  await embedded.product.bus.idle();
  const priced = await api<Offers>('POST', '/api/booking', completeBooking(date));
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  return priced.body.offers.find((o) => o.driverId === driverId);
};
const hours = (from: string, to: string): Availability => ({
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from, to }]])) as Availability['weekly'],
  daysOff: [],
});

describe('staff invite a driver; the driver runs their own prices and hours', () => {
  let driver: DriverAdminView;
  let token = '';
  const asDriver = () => ({ token });

  it('staff add a driver: audited, the driver is mailed, and quoting offers them at once', async () => {
    const list = await api<DriverAdminView[]>('GET', '/api/drivers/admin', undefined, staff);
    const card = list.body.find((d) => d.id === 'drv-ali-hassan')!.card;
    const created = await api<DriverAdminView>(
      'POST',
      '/api/drivers/admin',
      {
        name: 'Dana Driver',
        email: 'dana@drivers.example',
        phone: '07700900555',
        vanSizes: ['Large'],
        helpLevels: ['Driver-Help'],
        basePostcode: 'NW2',
        serviceRadiusMiles: 10,
        card,
      },
      staff,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    driver = created.body;
    const mail = await waitForMail(
      embedded.dataDir,
      (m) => m.to.includes('dana@drivers.example') && m.subject === 'You have been added as a VanHop driver',
    );
    expect(mail.text).toContain('Hello Dana Driver');
    expect(await offerOf(driver.id)).toBeDefined();
    const audit = await api('GET', `/api/drivers/admin/${driver.id}/audit`, undefined, staff);
    expect(audit.body[0]).toMatchObject({ action: 'created', by: 'Sam_Admin' });
  });

  it('an uploaded photo is shown with the offers by a short link to the image', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const patched = await api<DriverAdminView>(
      'PATCH',
      `/api/drivers/admin/${driver.id}`,
      { photoUrl: `data:image/png;base64,${png}` },
      staff,
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const offer = (await offerOf(driver.id)) as { photoUrl?: string } | undefined;
    expect(offer?.photoUrl).toBe(`/api/driver-photos/${driver.id}?v=${patched.body.version}`);
    const image = await fetch(`${embedded.product.url}${offer!.photoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
    expect((await fetch(`${embedded.product.url}/api/driver-photos/drv-ali-hassan`)).status).toBe(404);
    expect((await fetch(`${embedded.product.url}/api/driver-photos/..%2Fetc`)).status).toBe(400);
  });

  it('the roles do not mix: a driver token opens no staff route, a staff token no driver route', async () => {
    const foreignDriver = { headers: driverAuth(driver.id, { clock }) };
    expect((await api('GET', '/api/drivers/admin', undefined, foreignDriver)).status).toBe(401);
    expect((await api('GET', '/api/driver-account/admin/accounts', undefined, foreignDriver)).status).toBe(401);
    expect((await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, foreignDriver)).status).toBe(
      401,
    );
    expect((await api('GET', '/api/driver/me', undefined, staff)).status).toBe(401);
    expect((await api('GET', '/api/driver/me/jobs', undefined, staff)).status).toBe(401);
    expect((await api('GET', '/api/driver/me')).status).toBe(401);
  });

  it('staff invite the driver: the mailed link sets a password once and signs the driver in', async () => {
    // The account service learns of the driver from DriverUpdated: it may take a moment.
    await expect
      .poll(async () => (await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, staff)).status, {
        timeout: 10_000,
      })
      .toBe(202);
    const invite = await waitForMail(
      embedded.dataDir,
      (m) => m.to.includes('dana@drivers.example') && m.subject === 'Your VanHop driver portal invitation',
    );
    const welcome = linkPath(invite, 'driver/welcome');
    const link = welcome.replace('/driver/welcome/', '/api/driver-account/welcome/');

    const preview = await api('GET', link);
    expect(preview).toMatchObject({ status: 200, body: { name: 'Dana Driver', email: 'dana@drivers.example' } });
    const accounts = await api('GET', '/api/driver-account/admin/accounts', undefined, staff);
    expect(accounts.body.find((a: { driverId: string }) => a.driverId === driver.id)).toMatchObject({
      status: 'invited',
      email: 'dana@drivers.example',
    });

    const mismatch = await api('POST', link, { password: PASSWORD, password1: 'something-else' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.password1).toBe(DRIVER_ACCOUNT_MSG.passwordMatch);
    const short = await api('POST', link, { password: 'short', password1: 'short' });
    expect(short.body.errors.password).toBe(DRIVER_ACCOUNT_MSG.password);

    const set = await api('POST', link, { password: PASSWORD, password1: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      success: true,
      message: DRIVER_ACCOUNT_MSG.passwordSet,
      driver: { id: driver.id, name: 'Dana Driver' },
    });
    expect((await api('GET', '/api/driver-account/me', undefined, { token: set.body.token })).body).toEqual({
      id: driver.id,
      name: 'Dana Driver',
      email: 'dana@drivers.example',
    });

    // The link works once; a forged or altered one opens nothing.
    expect(await api('POST', link, { password: PASSWORD, password1: PASSWORD })).toMatchObject({
      status: 410,
      body: { message: DRIVER_ACCOUNT_MSG.inviteSpent },
    });
    expect((await api('GET', link)).status).toBe(410);
    expect((await api('GET', `${link.slice(0, -2)}AA`)).status).toBe(404);
    expect((await api('GET', '/api/driver-account/welcome/not-a-token')).status).toBe(400);
  });

  it('signs in with e-mail and password; a wrong password or unknown address gets the same words', async () => {
    const wrong = await api('POST', '/api/driver-account/login', {
      email: 'dana@drivers.example',
      password: 'not-the-password',
    });
    const unknown = await api('POST', '/api/driver-account/login', {
      email: 'nobody@drivers.example',
      password: PASSWORD,
    });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: DRIVER_ACCOUNT_MSG.loginFailed } });
    expect(unknown).toMatchObject({ status: 401, body: { success: false, message: DRIVER_ACCOUNT_MSG.loginFailed } });
    expect((await api('POST', '/api/driver-account/login', { email: { $ne: '' }, password: PASSWORD })).status).toBe(
      400,
    );
    const ok = await api('POST', '/api/driver-account/login', { email: ' Dana@Drivers.example ', password: PASSWORD });
    expect(ok.status).toBe(200);
    token = ok.body.token;

    // Through the gateway the device gets its refresh cookie, and a refresh renews both (the old cookie is spent).
    const signIn = await fetch(`${embedded.product.url}/api/driver-account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dana@drivers.example', password: PASSWORD }),
    });
    const first = sessionCookie(signIn.headers);
    expect(first).toMatch(/^vh_driver_session=/);
    const renewed = await refreshSession(first);
    expect(renewed.status).toBe(200);
    expect(((await renewed.json()) as { driver: { id: string } }).driver.id).toBe(driver.id);
    deviceCookie = sessionCookie(renewed.headers);
    expect(deviceCookie).not.toBe(first);
    expect((await refreshSession(first)).status).toBe(401);
    const accounts = await api('GET', '/api/driver-account/admin/accounts', undefined, staff);
    expect(accounts.body.find((a: { driverId: string }) => a.driverId === driver.id)).toMatchObject({
      status: 'active',
      lastLoginAt: NOW,
    });
  });

  it('the driver changes their own card within bounds: quoting uses it, the driver is mailed, staff see it in the audit', async () => {
    const before = (await offerOf(driver.id))!.totalPrice;
    const me = await api<DriverSelfView>('GET', '/api/driver/me', undefined, asDriver());
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: driver.id, availability: null });
    const { card, cardBounds } = me.body;

    const tooHigh = await api(
      'PUT',
      '/api/driver/me/card',
      { ...card, vanPerHourPence: { ...card.vanPerHourPence, Large: cardBounds.max.vanPerHourPence.Large + 50 } },
      asDriver(),
    );
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors['card.vanPerHourPence.Large']).toBe(
      `Must be from ${cardBounds.min.vanPerHourPence.Large} to ${cardBounds.max.vanPerHourPence.Large}`,
    );
    expect((await api('PUT', '/api/driver/me/card', { ...card, viaStopPence: 'free' }, asDriver())).status).toBe(400);

    const cheaper = { ...card, vanPerHourPence: { ...card.vanPerHourPence, Large: card.vanPerHourPence.Large - 500 } };
    const saved = await api<DriverSelfView>('PUT', '/api/driver/me/card', cheaper, asDriver());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.card.vanPerHourPence.Large).toBe(card.vanPerHourPence.Large - 500);
    const after = (await offerOf(driver.id))!.totalPrice;
    // Three booked hours at £5 an hour less.
    expect(Math.round((before - after) * 100)).toBe(1500);

    const mail = await waitForMail(
      embedded.dataDir,
      (m) =>
        m.to.includes('dana@drivers.example') &&
        m.subject === 'Your VanHop driver profile was changed' &&
        m.text!.includes('changed by you'),
    );
    // In words and pounds, not the field's path in pence.
    expect(mail.text).toContain(
      `Large van per hour: ${formatPence(card.vanPerHourPence.Large)} → ${formatPence(card.vanPerHourPence.Large - 500)}`,
    );
    const audit = await api('GET', `/api/drivers/admin/${driver.id}/audit`, undefined, staff);
    expect(audit.body[0]).toMatchObject({
      by: `driver:${driver.id}`,
      action: 'updated',
      changes: {
        'card.vanPerHourPence.Large': { from: card.vanPerHourPence.Large, to: card.vanPerHourPence.Large - 500 },
      },
    });
  });

  it("hostile bodies on the driver's own routes get a 4xx naming the problem, never a 5xx, and change nothing", async () => {
    const before = (await api<DriverSelfView>('GET', '/api/driver/me', undefined, asDriver())).body;
    for (const path of ['/api/driver/me/card', '/api/driver/me/availability', `/api/drivers/admin/${driver.id}`]) {
      for (const [name, body, contentType] of HOSTILE_BODIES) {
        const res = await fetch(`${embedded.product.url}${path}`, {
          method: path.includes('/admin/') ? 'PATCH' : 'PUT',
          headers: {
            'content-type': contentType ?? 'application/json',
            authorization: path.includes('/admin/') ? staff.headers.authorization : `Bearer ${token}`,
          },
          body,
        });
        const text = await res.text();
        // A PATCH naming no known field is a no-op (200, nothing changes: checked below by the version).
        if (!path.includes('/admin/') || res.status !== 200)
          expect(res.status, `${path} with ${name}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} with ${name}: ${text}`).toBeLessThan(500);
        expect(leaksInternals(text)).toBe(false);
      }
    }
    const after = (await api<DriverSelfView>('GET', '/api/driver/me', undefined, asDriver())).body;
    expect(after).toEqual(before);
  });

  it('the driver sets weekly hours and days off: offered only when working', async () => {
    const bad = await api(
      'PUT',
      '/api/driver/me/availability',
      { weekly: { ...hours('08:00', '18:00').weekly, mon: [{ from: '09:10', to: '12:00' }] }, daysOff: [] },
      asDriver(),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(AVAILABILITY_MSG.time);

    expect((await api('PUT', '/api/driver/me/availability', hours('06:00', '09:00'), asDriver())).status).toBe(200);
    expect(await offerOf(driver.id)).toBeUndefined();

    const working = await api<DriverSelfView>(
      'PUT',
      '/api/driver/me/availability',
      hours('08:00', '18:00'),
      asDriver(),
    );
    expect(working.body.availability?.weekly.tue).toEqual([{ from: '08:00', to: '18:00' }]);
    expect(await offerOf(driver.id)).toBeDefined();

    expect(
      (
        await api(
          'PUT',
          '/api/driver/me/availability',
          { ...hours('08:00', '18:00'), daysOff: ['2026-01-20'] },
          asDriver(),
        )
      ).status,
    ).toBe(200);
    expect(await offerOf(driver.id)).toBeUndefined();
    expect(await offerOf(driver.id, '2026-01-21T10:00:00.000Z')).toBeDefined();
  });

  it('staff change the e-mail: both the old and the new address are told', async () => {
    const current = await api<DriverAdminView>('GET', `/api/drivers/admin/${driver.id}`, undefined, staff);
    const changed = await api(
      'PATCH',
      `/api/drivers/admin/${driver.id}`,
      { email: 'dana.new@drivers.example', version: current.body.version },
      staff,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await waitForMail(
      embedded.dataDir,
      (m) =>
        m.to.includes('dana.new@drivers.example') &&
        m.text!.includes('E-mail: dana@drivers.example → dana.new@drivers.example'),
    );
    await waitForMail(
      embedded.dataDir,
      (m) =>
        m.to.includes('dana@drivers.example') &&
        m.text!.includes('E-mail: dana@drivers.example → dana.new@drivers.example'),
    );
    // The account follows: the new address signs in.
    await expect
      .poll(
        async () =>
          (await api('POST', '/api/driver-account/login', { email: 'dana.new@drivers.example', password: PASSWORD }))
            .status,
        { timeout: 10_000 },
      )
      .toBe(200);
  });

  it('staff suspend the driver: not offered, cannot sign in or change anything, cannot be invited; the reason is mailed', async () => {
    const current = (await api<DriverAdminView>('GET', `/api/drivers/admin/${driver.id}`, undefined, staff)).body;
    const suspended = await api(
      'POST',
      `/api/drivers/admin/${driver.id}/suspend`,
      { reason: 'Insurance lapsed' },
      staff,
    );
    expect(suspended.status).toBe(200);
    expect(await offerOf(driver.id, '2026-01-21T10:00:00.000Z')).toBeUndefined();
    const mail = await waitForMail(embedded.dataDir, (m) => m.subject === 'Your VanHop driver account is suspended');
    expect(mail.text).toContain('Reason: Insurance lapsed');

    await expect
      .poll(
        async () =>
          (await api('POST', '/api/driver-account/login', { email: 'dana.new@drivers.example', password: PASSWORD }))
            .body.message,
        { timeout: 10_000 },
      )
      .toBe(DRIVER_ACCOUNT_MSG.suspended);
    // The device session ends with the suspension: no refresh brings the driver back.
    expect((await refreshSession(deviceCookie)).status).toBe(401);
    // The open session reads nothing any more: its profile is refused like its changes.
    expect(await api('GET', '/api/driver/me', undefined, asDriver())).toMatchObject({
      status: 403,
      body: { message: DRIVER_ACCOUNT_MSG.suspended },
    });
    expect((await api('PUT', '/api/driver/me/card', current.card, asDriver())).status).toBe(403);
    expect((await api('PUT', '/api/driver/me/availability', hours('08:00', '18:00'), asDriver())).status).toBe(403);
    expect(await api('POST', `/api/driver-account/admin/invite/${driver.id}`, undefined, staff)).toMatchObject({
      status: 409,
      body: { message: DRIVER_ACCOUNT_MSG.suspendedInvite },
    });
    expect((await api('POST', '/api/driver-account/admin/invite/drv-nobody', undefined, staff)).status).toBe(404);
  });

  it('seeded demo drivers are known to the account service but never mailed', async () => {
    await expect
      .poll(
        async () => (await api('POST', '/api/driver-account/admin/invite/drv-ali-hassan', undefined, staff)).status,
        { timeout: 10_000 },
      )
      .toBe(202);
    const mails = await outboxMails(embedded.dataDir);
    expect(mails.filter((m) => m.subject === 'You have been added as a VanHop driver').flatMap((m) => m.to)).toEqual([
      'dana@drivers.example',
    ]);
  });
});
