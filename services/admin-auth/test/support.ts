import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { startService, type Clock, type Env, type JwtConfig, type RunningService } from '@vanhop/platform';
import { adminAuthService } from '../src/service.js';
import { loadConfig, type AdminAuthConfig } from '../src/config.js';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const TEST_SIGNUP_CODE = 'VH-TEST-CODE-42';

/** Cheap scrypt for tests only; production parameters are fixed in the adapter. */
export const FAST_SCRYPT = { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 };

export function testEnv(dataDir: string, extra: Env = {}): Env {
  return {
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    ADMIN_SIGNUP_CODE: TEST_SIGNUP_CODE,
    ...extra,
  };
}

export interface TestAdminAuth {
  url: string;
  service: RunningService;
  config: AdminAuthConfig;
  post(
    pathname: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  get(pathname: string, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** admin-auth over real HTTP on port 0 with its embedded store in a temp folder. */
export async function startAdminAuth(extra: Env = {}, clock?: Clock): Promise<TestAdminAuth> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-admin-auth-'));
  const config = { ...loadConfig(testEnv(dataDir, extra)), passwordHashing: FAST_SCRYPT };
  const service = await startService(adminAuthService, config, { clock });
  const call = async (method: string, pathname: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${service.url}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  return {
    url: service.url,
    service,
    config,
    post: (p, b, h) => call('POST', p, b, h),
    get: (p, h) => call('GET', p, undefined, h),
    stop: async () => {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const validRegistration = (name = 'sam_admin', password = 'correct horse battery staple') => ({
  name,
  password,
  password1: password,
  uniquecode: TEST_SIGNUP_CODE,
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Every kind of bad token an admin route must refuse, built for one config and subject. Each
 * would be a working token if the verifier skipped the check the case is named after.
 */
export function badTokens(
  config: JwtConfig,
  subject = { sub: 'admin-1', username: 'sam_admin' },
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  const claims = {
    username: subject.username,
    sub: subject.sub,
    iss: config.issuer,
    aud: config.audience,
    iat: nowSeconds,
    exp: nowSeconds + 600,
  };
  const sign = (payload: object, secret = config.secret, algorithm: jwt.Algorithm = 'HS256') =>
    jwt.sign(payload, secret, { algorithm });
  const valid = sign(claims);
  const [header, , signature] = valid.split('.');
  return {
    'no token': undefined,
    'not a bearer header': `Basic ${Buffer.from('sam_admin:pw').toString('base64')}`,
    'malformed token': 'Bearer not.a-real.token',
    'garbage bearer': 'Bearer !!!',
    'wrong signature': `Bearer ${sign(claims, 'another-secret-that-is-long-enough-0123456789')}`,
    'tampered payload': `Bearer ${header}.${b64url({ ...claims, username: 'mallory' })}.${signature}`,
    expired: `Bearer ${sign({ ...claims, iat: nowSeconds - 7200, exp: nowSeconds - 3600 })}`,
    'alg none': `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
    'alg none, signature kept': `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.${signature}`,
    'other algorithm (HS512)': `Bearer ${sign(claims, config.secret, 'HS512')}`,
    'wrong issuer': `Bearer ${sign({ ...claims, iss: 'someone-else' })}`,
    'wrong audience': `Bearer ${sign({ ...claims, aud: 'another-app' })}`,
    'no expiry': `Bearer ${sign({ username: claims.username, sub: claims.sub, iss: claims.iss, aud: claims.aud, iat: nowSeconds })}`,
    'lifetime beyond the configured maximum': `Bearer ${sign({ ...claims, iat: nowSeconds - config.ttlSeconds - 60, exp: nowSeconds + 365 * 86_400 })}`,
    'issued in the future': `Bearer ${sign({ ...claims, iat: nowSeconds + 3600, exp: nowSeconds + 3700 })}`,
    'no subject': `Bearer ${sign({ ...claims, sub: undefined })}`,
    // Driver-portal tokens are signed with the same key: only the role keeps drivers out.
    'driver token': `Bearer ${sign({ ...claims, role: 'driver' })}`,
    'unknown role': `Bearer ${sign({ ...claims, role: 'superuser' })}`,
    'role not a string': `Bearer ${sign({ ...claims, role: ['staff'] })}`,
  } as Record<string, string | undefined>;
}

export const authHeader = (value: string | undefined): Record<string, string> =>
  value === undefined ? {} : { authorization: value };
