import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import {
  DRIVER_ACCOUNT_MSG,
  DRIVER_SESSION_MSG,
  TOPICS,
  type DriverInvited,
  type DriverUpdated,
  type EventEnvelope,
} from '@vanhop/contracts';
import { createEvent, verifyDriverToken, type Clock } from '@vanhop/platform';
import { startAdminAuth, TEST_SECRET, type TestAdminAuth } from './support.js';
import { driverAuth, staffAuth } from '../../../test/support/staff.js';

const movableClock = (start: string): Clock & { advanceSeconds(n: number): void } => {
  let t = Date.parse(start);
  return { now: () => new Date(t), advanceSeconds: (n) => (t += n * 1000) };
};

const driverUpdated = (driverId: string, version: number, active = true): DriverUpdated => ({
  driverId,
  version,
  action: version === 1 ? 'created' : active ? 'reactivated' : 'suspended',
  by: 'Sam_Admin',
  at: '2026-03-01T09:00:00.000Z',
  changes: [],
  driver: { name: `Driver ${driverId}`, email: `${driverId}@drivers.example`, active },
});

const REFRESH = '/api/driver-account/session/refresh';
const PASSWORD = 'a-long-good-password';

/**
 * Drivers stay signed in on their device: sign-in sets an httpOnly refresh cookie for the session
 * routes only; a refresh answers a new access token and a new cookie, and the cookie it was given
 * works no more; staff revocation, a suspension and signing out end it.
 */
describe('driver device sessions (admin-auth): refresh cookie, rotation, revocation', () => {
  const clock = movableClock('2026-03-01T09:00:00.000Z');
  let svc: TestAdminAuth;
  const invited: EventEnvelope<DriverInvited>[] = [];
  const staff = () => staffAuth('Sam_Admin', { env: { JWT_SECRET: TEST_SECRET }, clock });
  const deliver = async (d: DriverUpdated) => {
    const event = await createEvent(TOPICS.driverUpdated, d, { producer: 'quote', clock });
    await (await svc.service.infra.bus.publish(TOPICS.driverUpdated, event, d.driverId)).durable;
  };
  /** The refresh token a response sets (`name=value` of its Set-Cookie), and the cookie's attributes. */
  const cookieOf = (headers: Headers) => {
    const line = headers.getSetCookie().find((c) => c.startsWith('vh_driver_session='));
    return { pair: line?.split(';')[0] ?? '', line: line ?? '' };
  };
  const refresh = (pair: string) => svc.post(REFRESH, undefined, pair ? { cookie: pair } : {});
  const login = async (driverId: string) => {
    const res = await svc.post('/api/driver-account/login', {
      email: `${driverId}@drivers.example`,
      password: PASSWORD,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return cookieOf(res.headers).pair;
  };

  beforeAll(async () => {
    svc = await startAdminAuth(
      {
        LOGIN_RATE_LIMIT_PER_CLIENT: '1000',
        LOGIN_RATE_LIMIT_PER_USERNAME: '1000',
        REGISTER_RATE_LIMIT_PER_CLIENT: '1000',
      },
      clock,
    );
    await svc.service.infra.bus.subscribe('test-mailer', TOPICS.driverInvited, async (e) => {
      invited.push(e as EventEnvelope<DriverInvited>);
    });
    for (const id of ['drv-dana', 'drv-eli']) {
      await deliver(driverUpdated(id, 1));
      const before = invited.length;
      expect((await svc.post(`/api/driver-account/admin/invite/${id}`, undefined, staff())).status).toBe(202);
      // The invitation goes out through the outbox relay: wait for that state (bounded, not a pause).
      for (let i = 0; i < 300 && invited.length === before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(invited.length).toBe(before + 1);
      const set = await svc.post(`/api/driver-account/welcome/${invited.at(-1)!.data.token}`, {
        password: PASSWORD,
        password1: PASSWORD,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      // Choosing the first password signs the device in too.
      expect(cookieOf(set.headers).pair).toMatch(/^vh_driver_session=[a-f0-9]{32}\.[\w-]{43}$/);
    }
  });
  afterAll(() => svc.stop());

  it('sign-in sets an httpOnly, same-site cookie for the session routes only; the access token is short', async () => {
    const res = await svc.post('/api/driver-account/login', { email: 'drv-dana@drivers.example', password: PASSWORD });
    const { line } = cookieOf(res.headers);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api/driver-account/session');
    expect(line).toContain(`Max-Age=${30 * 86_400}`);
    const claims = jwt.decode(res.body.token) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('a refresh answers a new access token and a new cookie; the old cookie is refused from then on, and a copy used later ends the session', async () => {
    const first = await login('drv-dana');
    const renewed = await refresh(first);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ success: true, driver: { id: 'drv-dana' } });
    expect(verifyDriverToken(renewed.body.token, svc.config.jwt, clock)?.sub).toBe('drv-dana');
    const second = cookieOf(renewed.headers).pair;
    expect(second).not.toBe(first);

    // Two tabs racing: the loser's spent cookie is refused, and the winner's still works.
    expect(await refresh(first)).toMatchObject({ status: 401, body: { message: DRIVER_SESSION_MSG.ended } });
    const third = cookieOf((await refresh(second)).headers).pair;
    expect(third).toBeTruthy();

    // Long after: a spent cookie presented again was copied, so the session ends for everyone.
    clock.advanceSeconds(120);
    expect((await refresh(second)).status).toBe(401);
    expect((await refresh(third)).status).toBe(401);
    // A refused refresh clears the cookie.
    expect(cookieOf((await refresh(third)).headers).line).toContain('Max-Age=0');
  });

  it("a cookie is its own driver's only: another driver's session id with this secret, or no cookie, refreshes nothing", async () => {
    const dana = await login('drv-dana');
    const eli = await login('drv-eli');
    const [danaId] = dana.split('=')[1]!.split('.');
    const [, eliSecret] = eli.split('=')[1]!.split('.');
    expect((await refresh(`vh_driver_session=${danaId}.${eliSecret}`)).status).toBe(401);
    expect((await refresh('')).status).toBe(401);
    expect((await refresh('vh_driver_session=not-a-token')).status).toBe(401);
    // Neither session suffered: each refreshes to its own driver.
    expect((await refresh(eli)).body.driver.id).toBe('drv-eli');
    expect((await refresh(dana)).body.driver.id).toBe('drv-dana');
  });

  it('staff sign a driver out on every device; a driver token cannot; signing out ends this device only', async () => {
    const phone = await login('drv-dana');
    const tablet = await login('drv-dana');
    expect(
      (
        await svc.post(
          '/api/driver-account/admin/sessions/drv-dana/revoke',
          undefined,
          driverAuth('drv-dana', { env: { JWT_SECRET: TEST_SECRET }, clock }),
        )
      ).status,
    ).toBe(401);
    const revoked = await svc.post('/api/driver-account/admin/sessions/drv-dana/revoke', undefined, staff());
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ driverId: 'drv-dana', message: DRIVER_SESSION_MSG.revoked });
    expect(revoked.body.revoked).toBeGreaterThanOrEqual(2);
    expect((await refresh(phone)).status).toBe(401);
    expect((await refresh(tablet)).status).toBe(401);

    const kept = await login('drv-dana');
    const leaving = await login('drv-dana');
    const out = await svc.post('/api/driver-account/session/logout', undefined, { cookie: leaving });
    expect(out).toMatchObject({ status: 200, body: { message: DRIVER_SESSION_MSG.signedOut } });
    expect((await refresh(leaving)).status).toBe(401);
    expect((await refresh(kept)).status).toBe(200);
  });

  it('a suspension ends the driver’s sessions; reactivating does not bring them back', async () => {
    const device = await login('drv-eli');
    await deliver(driverUpdated('drv-eli', 2, false));
    expect((await refresh(device)).status).toBe(401);
    expect(
      (await svc.post('/api/driver-account/login', { email: 'drv-eli@drivers.example', password: PASSWORD })).body
        .message,
    ).toBe(DRIVER_ACCOUNT_MSG.suspended);
    await deliver(driverUpdated('drv-eli', 3, true));
    expect((await refresh(device)).status).toBe(401);
    expect((await refresh(await login('drv-eli'))).status).toBe(200);
  });
});
