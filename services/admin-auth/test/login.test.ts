import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { MSG } from '@vanhop/contracts';
import { fixedClock, verifyAdminToken } from '@vanhop/platform';
import { ADMINS, type AdminAccount } from '../src/domain/admin-account.js';
import { ScryptPasswordHasher } from '../src/adapters/scrypt-password-hasher.js';
import { FAST_SCRYPT, startAdminAuth, TEST_SECRET, validRegistration, type TestAdminAuth } from './support.js';

const NOW = '2026-11-22T10:00:00.000Z';
const nowSeconds = Date.parse(NOW) / 1000;

describe('POST /api/account/login', () => {
  let svc: TestAdminAuth;

  beforeAll(async () => {
    svc = await startAdminAuth(
      { JWT_TTL_SECONDS: '900', LOGIN_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' },
      fixedClock(NOW),
    );
    expect((await svc.post('/api/account/register', validRegistration('Sam_Admin', 'pw-for-sam'))).status).toBe(201);
  });
  afterAll(() => svc.stop());

  it('answers {token, success, message} and the token carries sub, username, iss, aud and a short expiry', async () => {
    const res = await svc.post('/api/account/login', { username: 'Sam_Admin', password: 'pw-for-sam' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), success: true, message: 'Login successful' });
    const account = await svc.service.infra.store.collection<AdminAccount>(ADMINS).findOne({ nameKey: 'sam_admin' });
    const decoded = jwt.decode(res.body.token, { complete: true })!;
    expect(decoded.header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(decoded.payload).toEqual({
      sub: account!._id,
      username: 'Sam_Admin',
      role: 'staff',
      iss: 'vanhop-admin-auth',
      aud: 'vanhop-admin',
      iat: nowSeconds,
      exp: nowSeconds + 900,
    });
    expect(verifyAdminToken(res.body.token, svc.config.jwt, fixedClock(NOW))).toEqual({
      sub: account!._id,
      username: 'Sam_Admin',
    });
    // Signed with the configured secret and nothing else.
    expect(() =>
      jwt.verify(res.body.token, TEST_SECRET, { algorithms: ['HS256'], clockTimestamp: nowSeconds }),
    ).not.toThrow();
  });

  it('still signs in an account made before the new-password rule, with its short password', async () => {
    // Only new passwords follow the rule: staff who signed up with '1' are not locked out.
    const passwordHash = await new ScryptPasswordHasher(FAST_SCRYPT).hash('1');
    await svc.service.infra.store
      .collection<AdminAccount>(ADMINS)
      .insertOne({ _id: 'old-staff', name: 'Old_Timer', nameKey: 'old_timer', passwordHash, createdAt: NOW });
    const res = await svc.post('/api/account/login', { username: 'Old_Timer', password: '1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
  });

  it('ignores the case of the username and surrounding spaces', async () => {
    const res = await svc.post('/api/account/login', { username: '  sam_admin ', password: 'pw-for-sam' });
    expect(res.status).toBe(200);
    expect(jwt.decode(res.body.token)).toMatchObject({ username: 'Sam_Admin' });
  });

  it('answers 401 {success:false, message} with the same words for a wrong password and an unknown user', async () => {
    const wrongPassword = await svc.post('/api/account/login', { username: 'Sam_Admin', password: 'pw-for-SAM' });
    const unknownUser = await svc.post('/api/account/login', { username: 'nobody_here', password: 'pw-for-sam' });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid username or password' });
      expect(res.body.token).toBeUndefined();
    }
  });

  it('refuses missing or short fields with 400 and the product messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'x' }, MSG.adminLogin.usernameRequired],
      [{ username: 'ab', password: 'x' }, MSG.adminLogin.usernameMin],
      [{ username: 'Sam_Admin' }, MSG.adminLogin.passwordRequired],
    ];
    for (const [body, message] of cases) {
      const res = await svc.post('/api/account/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
  });

  it('never treats query operators as credentials', async () => {
    const res = await svc.post('/api/account/login', { username: { $ne: 'x' }, password: { $ne: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'username must be text' });
    const arrayPassword = await svc.post('/api/account/login', { username: 'Sam_Admin', password: ['pw-for-sam'] });
    expect(arrayPassword.status).toBe(400);
    expect(arrayPassword.body.errors).toEqual({ password: 'password must be text' });
    const notAnObject = await svc.post('/api/account/login', '["Sam_Admin"]');
    expect(notAnObject.status).toBe(400);
  });
});

describe('login rate limits', () => {
  it('limits attempts per username, whichever client they come from', async () => {
    const svc = await startAdminAuth({ LOGIN_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '3' });
    try {
      await svc.post('/api/account/register', validRegistration('target_admin', 'real-password'));
      for (let i = 0; i < 3; i++) {
        const res = await svc.post(
          '/api/account/login',
          { username: 'target_admin', password: `guess-${i}` },
          { 'x-forwarded-for': `203.0.113.${i}` },
        );
        expect(res.status).toBe(401);
      }
      const blocked = await svc.post(
        '/api/account/login',
        { username: 'TARGET_ADMIN', password: 'real-password' },
        { 'x-forwarded-for': '203.0.113.99' },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ success: false, message: 'Too many login attempts, please try again later.' });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account is not affected.
      await svc.post('/api/account/register', validRegistration('other_admin', 'other-password'));
      expect(
        (await svc.post('/api/account/login', { username: 'other_admin', password: 'other-password' })).status,
      ).toBe(200);
    } finally {
      await svc.stop();
    }
  });

  it('limits attempts per client, whichever usernames it tries', async () => {
    const svc = await startAdminAuth({ LOGIN_RATE_LIMIT_PER_CLIENT: '4', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' });
    try {
      const client = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 4; i++)
        expect((await svc.post('/api/account/login', { username: `user_${i}`, password: 'pw' }, client)).status).toBe(
          401,
        );
      expect((await svc.post('/api/account/login', { username: 'user_new', password: 'pw' }, client)).status).toBe(429);
      // A different client still gets through.
      expect(
        (
          await svc.post(
            '/api/account/login',
            { username: 'user_new', password: 'pw' },
            { 'x-forwarded-for': '198.51.100.8' },
          )
        ).status,
      ).toBe(401);
    } finally {
      await svc.stop();
    }
  });
});
