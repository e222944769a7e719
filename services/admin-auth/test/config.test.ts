import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { testEnv } from './support.js';

const env = (extra: Record<string, string | undefined>) => testEnv('/tmp/unused', extra);

describe('admin-auth configuration', () => {
  it('reads the sign-up code and the token settings', () => {
    const config = loadConfig(env({ JWT_TTL_SECONDS: '900' }));
    expect(config.signupCode).toBe('VH-TEST-CODE-42');
    expect(config.jwt).toMatchObject({
      algorithm: 'HS256',
      ttlSeconds: 900,
      issuer: 'vanhop-admin-auth',
      audience: 'vanhop-admin',
    });
  });

  it('refuses to start without a sign-up code, naming ADMIN_SIGNUP_CODE', () => {
    expect(() => loadConfig(env({ ADMIN_SIGNUP_CODE: undefined }))).toThrow(/ADMIN_SIGNUP_CODE is required/);
    expect(() => loadConfig(env({ ADMIN_SIGNUP_CODE: '   ' }))).toThrow(/ADMIN_SIGNUP_CODE is required/);
  });

  it('refuses a sign-up code short enough to guess', () => {
    expect(() => loadConfig(env({ ADMIN_SIGNUP_CODE: '1234' }))).toThrow(
      /ADMIN_SIGNUP_CODE must be at least 8 characters/,
    );
  });

  it('refuses a missing or weak JWT secret, naming JWT_SECRET', () => {
    expect(() => loadConfig(env({ JWT_SECRET: undefined }))).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig(env({ JWT_SECRET: 'short-secret' }))).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig(env({ JWT_SECRET: 'ab'.repeat(20) }))).toThrow(/JWT_SECRET is too weak/);
  });

  it('refuses nonsense rate limits, naming the variable', () => {
    expect(() => loadConfig(env({ LOGIN_RATE_LIMIT_PER_USERNAME: 'lots' }))).toThrow(
      /LOGIN_RATE_LIMIT_PER_USERNAME must be an integer/,
    );
    expect(() => loadConfig(env({ LOGIN_RATE_LIMIT_PER_CLIENT: '0' }))).toThrow(
      /LOGIN_RATE_LIMIT_PER_CLIENT must be >= 1/,
    );
  });
});
