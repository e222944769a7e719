import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_ACCOUNT_MSG,
  TOPICS,
  type DriverInvited,
  type DriverUpdated,
  type EventEnvelope,
} from '@vanhop/contracts';
import { createEvent, verifyAdminToken, verifyDriverToken, type Clock } from '@vanhop/platform';
import { loadConfig } from '../src/config.js';
import { startAdminAuth, testEnv, TEST_SECRET, type TestAdminAuth } from './support.js';
import { staffAuth } from '../../../test/support/staff.js';

/** A clock the test moves forward (invitation expiry). */
const movableClock = (start: string): Clock & { advanceDays(n: number): void } => {
  let t = Date.parse(start);
  return { now: () => new Date(t), advanceDays: (n) => (t += n * 86_400_000) };
};

const driverUpdated = (
  version: number,
  driver: Partial<DriverUpdated['driver']> = {},
  driverId = 'drv-dana',
): DriverUpdated => ({
  driverId,
  version,
  action: version === 1 ? 'created' : 'updated',
  by: 'Sam_Admin',
  at: '2026-03-01T09:00:00.000Z',
  changes: [],
  driver: { name: 'Dana Driver', email: 'dana@drivers.example', active: true, ...driver },
});

describe('driver accounts (admin-auth): invitation, first password, sign-in', () => {
  const clock = movableClock('2026-03-01T09:00:00.000Z');
  let svc: TestAdminAuth;
  const invited: EventEnvelope<DriverInvited>[] = [];
  /** DriverAccountOpened, as quote hears it (who can answer job offers online). */
  const opened: EventEnvelope<{ driverId: string; at: string }>[] = [];
  const staff = () => staffAuth('Sam_Admin', { env: { JWT_SECRET: TEST_SECRET }, clock });
  const deliver = async (d: DriverUpdated) => {
    const event = await createEvent(TOPICS.driverUpdated, d, { producer: 'quote', clock });
    await (await svc.service.infra.bus.publish(TOPICS.driverUpdated, event, d.driverId)).durable;
  };
  // How long a poll keeps asking (vitest's default is 1 s): the invitation event goes through the
  // outbox relay, which a busy machine can hold up for longer. A bound on a state, not a pause.
  const POLL = { timeout: 15_000 };
  const latestToken = async (): Promise<string> => {
    await expect.poll(() => invited.length, POLL).toBeGreaterThan(0);
    return invited.at(-1)!.data.token;
  };
  const invite = async (id = 'drv-dana') => {
    const before = invited.length;
    const res = await svc.post(`/api/driver-account/admin/invite/${id}`, undefined, staff());
    if (res.status === 202) await expect.poll(() => invited.length, POLL).toBe(before + 1);
    return res;
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
    await svc.service.infra.bus.subscribe('test-quote', TOPICS.driverAccountOpened, async (e) => {
      opened.push(e as EventEnvelope<{ driverId: string; at: string }>);
    });
  });
  afterAll(() => svc.stop());

  it('knows a driver only once quote has announced them; the newest version wins, late events change nothing', async () => {
    expect((await invite()).body.message).toBe(DRIVER_ACCOUNT_MSG.unknownDriver);
    await deliver(driverUpdated(2, { name: 'Dana D. Driver' }));
    await deliver(driverUpdated(1));
    const accounts = await svc.get('/api/driver-account/admin/accounts', staff());
    expect(accounts.body).toEqual([
      {
        driverId: 'drv-dana',
        name: 'Dana D. Driver',
        email: 'dana@drivers.example',
        active: true,
        status: 'none',
        invitedAt: null,
        inviteExpiresAt: null,
        passwordSetAt: null,
        lastLoginAt: null,
      },
    ]);
    expect((await svc.get('/api/driver-account/admin/accounts')).status).toBe(401);
    // The staff list asks for the drivers it shows only.
    const named = await svc.get('/api/driver-account/admin/accounts?ids=drv-dana,drv-nobody', staff());
    expect(named.body.map((a: { driverId: string }) => a.driverId)).toEqual(['drv-dana']);
    expect((await svc.get('/api/driver-account/admin/accounts?ids=drv-nobody', staff())).body).toEqual([]);
    for (const bad of [
      '?ids=',
      '?ids=a,,b',
      '?ids=a%20b',
      `?ids=${Array.from({ length: 101 }, (_, i) => `d${i}`).join(',')}`,
    ]) {
      const res = await svc.get(`/api/driver-account/admin/accounts${bad}`, staff());
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toHaveProperty('ids');
    }
  });

  it('a new invitation replaces the old link; the link expires after DRIVER_INVITE_DAYS', async () => {
    const res = await invite();
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      driverId: 'drv-dana',
      email: 'dana@drivers.example',
      expiresAt: '2026-03-08T09:00:00.000Z',
      message: DRIVER_ACCOUNT_MSG.inviteSent,
    });
    const first = await latestToken();
    expect(invited.at(-1)!.data).toMatchObject({
      driverId: 'drv-dana',
      name: 'Dana D. Driver',
      email: 'dana@drivers.example',
      invitedBy: 'Sam_Admin',
    });
    expect((await svc.get(`/api/driver-account/welcome/${first}`)).status).toBe(200);

    await invite();
    const second = await latestToken();
    expect(second).not.toBe(first);
    expect(await svc.get(`/api/driver-account/welcome/${first}`)).toMatchObject({
      status: 410,
      body: { message: DRIVER_ACCOUNT_MSG.inviteSpent },
    });

    clock.advanceDays(8);
    expect((await svc.get(`/api/driver-account/welcome/${second}`)).status).toBe(410);
    expect(
      (
        await svc.post(`/api/driver-account/welcome/${second}`, {
          password: 'a-good-password',
          password1: 'a-good-password',
        })
      ).status,
    ).toBe(410);
  });

  it('two submissions of one link: exactly one sets the password', async () => {
    await invite();
    const token = await latestToken();
    const results = await Promise.all(
      ['first-password-1', 'second-password-2'].map((p) =>
        svc.post(`/api/driver-account/welcome/${token}`, { password: p, password1: p }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    const winner = results.find((r) => r.status === 200)!;
    // A driver-role token: staff routes refuse it.
    expect(verifyDriverToken(winner.body.token, svc.config.jwt, clock)).toMatchObject({ sub: 'drv-dana' });
    expect(verifyAdminToken(winner.body.token, svc.config.jwt, clock)).toBeNull();
    const password = results[0]!.status === 200 ? 'first-password-1' : 'second-password-2';
    expect((await svc.post('/api/driver-account/login', { email: 'dana@drivers.example', password })).status).toBe(200);
    // Quote is told once that this driver can now answer offers online.
    await expect.poll(() => opened.map((e) => e.data.driverId), POLL).toEqual(['drv-dana']);
    expect(opened[0]!.data.at).toBe(clock.now().toISOString());
  });

  it('suspension (from quote) stops sign-in and the me route, reactivation restores it', async () => {
    // A session opened before the suspension: its token stops working at once.
    const before = await Promise.all(
      ['first-password-1', 'second-password-2'].map((password) =>
        svc.post('/api/driver-account/login', { email: 'dana@drivers.example', password }),
      ),
    );
    const open = { authorization: `Bearer ${before.find((r) => r.status === 200)!.body.token}` };
    expect((await svc.get('/api/driver-account/me', open)).status).toBe(200);

    await deliver(driverUpdated(3, { active: false, name: 'Dana D. Driver' }));
    const login = await svc.post('/api/driver-account/login', {
      email: 'dana@drivers.example',
      password: 'first-password-1',
    });
    const other = await svc.post('/api/driver-account/login', {
      email: 'dana@drivers.example',
      password: 'second-password-2',
    });
    expect([login.body.message, other.body.message]).toContain(DRIVER_ACCOUNT_MSG.suspended);
    expect([login.status, other.status]).toEqual([401, 401]);
    expect(await svc.get('/api/driver-account/me', open)).toMatchObject({
      status: 401,
      body: { message: DRIVER_ACCOUNT_MSG.suspended },
    });
    expect((await invite()).status).toBe(409);
    await deliver(driverUpdated(4, { active: true, name: 'Dana D. Driver' }));
    const again = await Promise.all(
      ['first-password-1', 'second-password-2'].map((password) =>
        svc.post('/api/driver-account/login', { email: 'dana@drivers.example', password }),
      ),
    );
    expect(again.map((r) => r.status).sort()).toEqual([200, 401]);
    expect((await svc.get('/api/driver-account/me', open)).status).toBe(200);
  });

  it('refuses bad input with 400s, never a 500', async () => {
    expect((await svc.post('/api/driver-account/login', { email: ['x'], password: 'p' })).status).toBe(400);
    expect(
      (await svc.post('/api/driver-account/login', 'not json', { 'content-type': 'application/json' })).status,
    ).toBe(400);
    expect((await svc.post('/api/driver-account/admin/invite/..%2Fadmins', undefined, staff())).status).toBe(400);
    expect(
      (await svc.post('/api/driver-account/welcome/v1.abc.zz.AAAAAAAAAAAAAAAAAAAAAA', { password: 1 })).status,
    ).toBe(400);
  });

  it('one e-mail signs in to one account: the later e-mail change takes the address, the other is not invited with it', async () => {
    const passwords = ['first-password-1', 'second-password-2'];
    const signIn = (email: string) =>
      Promise.all(passwords.map((password) => svc.post('/api/driver-account/login', { email, password })));
    const danaPassword = passwords[(await signIn('dana@drivers.example')).findIndex((r) => r.status === 200)]!;
    // quote gave Dana's address to Sam (whatever its case) after Dana had it; Dana's own change is still on its way.
    await deliver({
      ...driverUpdated(1, { name: 'Sam Same', email: 'DANA@drivers.example' }, 'drv-sam'),
      at: '2026-03-02T09:00:00.000Z',
    });
    expect(
      (await svc.post('/api/driver-account/login', { email: 'dana@drivers.example', password: danaPassword })).status,
    ).toBe(401);
    const refused = await invite('drv-dana');
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ email: DRIVER_ACCOUNT_MSG.emailInUse });
    expect((await invite('drv-sam')).status).toBe(202);
    // Dana's change arrives: her account signs in with her new address.
    await deliver({
      ...driverUpdated(5, { name: 'Dana D. Driver', email: 'dana.new@drivers.example' }),
      at: '2026-03-02T08:00:00.000Z',
    });
    expect(
      (await svc.post('/api/driver-account/login', { email: 'dana.new@drivers.example', password: danaPassword }))
        .status,
    ).toBe(200);
    expect((await invite('drv-dana')).status).toBe(202);
  });
});

describe('admin-auth configuration of driver invitations', () => {
  it('requires DRIVER_INVITE_LINK_SECRET outside embedded mode and refuses one equal to JWT_SECRET', () => {
    const distributed = {
      STORE: 'mongo',
      MONGO_URL: 'mongodb://127.0.0.1:1/x',
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: '127.0.0.1:1',
      CACHE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:1',
    };
    expect(() => loadConfig(testEnv('/tmp/unused', distributed))).toThrow(
      /DRIVER_INVITE_LINK_SECRET is required outside embedded mode/,
    );
    expect(() => loadConfig(testEnv('/tmp/unused', { DRIVER_INVITE_LINK_SECRET: TEST_SECRET }))).toThrow(
      /DRIVER_INVITE_LINK_SECRET must differ from JWT_SECRET/,
    );
    expect(() => loadConfig(testEnv('/tmp/unused', { DRIVER_INVITE_DAYS: '90' }))).toThrow(/DRIVER_INVITE_DAYS/);
    expect(loadConfig(testEnv('/tmp/unused', {})).driverInviteDays).toBe(7);
  });
});
