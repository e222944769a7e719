import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import {
  bearerToken,
  fixedClock,
  issueAdminToken,
  issueDriverToken,
  readJwtConfig,
  verifyAdminToken,
  verifyBearer,
  verifyDriverBearer,
  verifyDriverToken,
} from '@vanhop/platform';

const config = readJwtConfig({ JWT_SECRET: 'unit-test-secret-0123456789-abcdefghijklmn', JWT_TTL_SECONDS: '900' });
const T0 = '2026-11-22T10:00:00.000Z';
const at = (secondsAfter: number) => fixedClock(new Date(Date.parse(T0) + secondsAfter * 1000));
const admin = { sub: 'a1b2', username: 'Sam_Admin' };

describe('shared admin token issue and verify (platform jwt.ts)', () => {
  it('round-trips the claims within the lifetime', () => {
    const token = issueAdminToken(admin, config, at(0));
    expect(verifyAdminToken(token, config, at(0))).toEqual(admin);
    expect(verifyAdminToken(token, config, at(899))).toEqual(admin);
  });

  it('expires after the configured lifetime (a few seconds of clock drift allowed)', () => {
    const token = issueAdminToken(admin, config, at(0));
    expect(verifyAdminToken(token, config, at(903))).toEqual(admin);
    expect(verifyAdminToken(token, config, at(906))).toBeNull();
    expect(verifyAdminToken(token, config, at(86_400))).toBeNull();
  });

  it('refuses a token from another deployment (other secret, issuer or audience)', () => {
    const token = issueAdminToken(admin, config, at(0));
    expect(verifyAdminToken(token, { ...config, secret: 'x'.repeat(8) + config.secret }, at(0))).toBeNull();
    expect(verifyAdminToken(token, { ...config, issuer: 'other-issuer' }, at(0))).toBeNull();
    expect(verifyAdminToken(token, { ...config, audience: 'other-app' }, at(0))).toBeNull();
  });

  it('refuses a token that carries no username', () => {
    const now = Date.parse(T0) / 1000;
    const token = jwt.sign(
      { sub: 'a1b2', iat: now, exp: now + 60, iss: config.issuer, aud: config.audience },
      config.secret,
      { algorithm: 'HS256' },
    );
    expect(verifyAdminToken(token, config, at(0))).toBeNull();
  });

  it('reads only well-formed Bearer headers', () => {
    const token = issueAdminToken(admin, config, at(0));
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    expect(bearerToken(`  Bearer ${token}  `)).toBe(token);
    for (const bad of [
      undefined,
      '',
      token,
      `Bearer`,
      `Bearer  ${token}`,
      `Bearer ${token} extra`,
      `Basic ${token}`,
      'Bearer a.b',
      'Bearer a.b.c.d',
      [`Bearer ${token}`],
    ]) {
      expect(bearerToken(bad as string | string[] | undefined)).toBeNull();
    }
    expect(verifyBearer(`Bearer ${token}`, config, at(1))).toEqual(admin);
    expect(verifyBearer(undefined, config, at(1))).toBeNull();
  });

  it('keeps staff and driver tokens apart by their role claim', () => {
    const driver = { sub: 'driver-7', username: 'dana@drivers.example' };
    const staffToken = issueAdminToken(admin, config, at(0));
    const driverToken = issueDriverToken(driver, config, at(0));
    expect(verifyAdminToken(staffToken, config, at(1))).toEqual(admin);
    expect(verifyDriverToken(driverToken, config, at(1))).toEqual(driver);
    expect(verifyAdminToken(driverToken, config, at(1))).toBeNull();
    expect(verifyDriverToken(staffToken, config, at(1))).toBeNull();
    expect(verifyBearer(`Bearer ${driverToken}`, config, at(1))).toBeNull();
    expect(verifyDriverBearer(`Bearer ${staffToken}`, config, at(1))).toBeNull();
    expect(verifyDriverBearer(`Bearer ${driverToken}`, config, at(1))).toEqual(driver);
    expect((jwt.decode(staffToken) as { role: string }).role).toBe('staff');
    expect((jwt.decode(driverToken) as { role: string }).role).toBe('driver');
  });

  it('reads a token without a role (issued before roles) as staff, never as a driver, and refuses unknown roles', () => {
    const now = Date.parse(T0) / 1000;
    const sign = (extra: object) =>
      jwt.sign(
        {
          sub: 'a1b2',
          username: 'Sam_Admin',
          iat: now,
          exp: now + 60,
          iss: config.issuer,
          aud: config.audience,
          ...extra,
        },
        config.secret,
        { algorithm: 'HS256' },
      );
    expect(verifyAdminToken(sign({}), config, at(0))).toEqual(admin);
    expect(verifyDriverToken(sign({}), config, at(0))).toBeNull();
    for (const role of ['admin', 'Staff', 'DRIVER', '', null, ['staff'], 1]) {
      expect(verifyAdminToken(sign({ role }), config, at(0)), String(role)).toBeNull();
      expect(verifyDriverToken(sign({ role }), config, at(0)), String(role)).toBeNull();
    }
  });
});
