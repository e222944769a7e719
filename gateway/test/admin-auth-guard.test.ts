import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  issueAdminToken,
  issueDriverToken,
  readJwtConfig,
  SERVICE_NAMES,
  serviceUrlVar,
  type JwtConfig,
} from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { authHeader, badTokens } from '../../services/admin-auth/test/support.js';

interface Seen {
  method: string;
  url: string;
  admin: string | string[] | null;
}

/** Stands in for every service and records each request that reaches it. */
function startRecordingUpstream(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', admin: req.headers['x-admin-username'] ?? null });
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"reached":true}'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const ID = '0b7f6c1e-2a4d-4c55-9a1e-6f3b2d1c0e99';

/** Every admin route family the gateway guards (routing.ts `admin: true`), with spelling variants. */
const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/backdata/all'],
  ['DELETE', `/api/backdata/delete/${ID}`],
  ['POST', `/api/backdata/review/${ID}`],
  ['POST', `/api/backdata/amend/${ID}`],
  ['POST', `/api/backdata/cancel/${ID}`],
  ['GET', '/api/backdata'],
  ['GET', '/api/backdata/ALL'],
  ['GET', '/api/account/admindashboard'],
  ['GET', '/api/account/admindashboard/'],
  ['GET', '/api/account/admindashboard?x=1'],
  ['GET', '/api/dashboard'],
  // The embedded outbox holds every customer e-mail and retrieve code.
  ['GET', '/api/dev/outbox'],
  ['GET', '/api/dev/outbox/some-mail.eml'],
  ['GET', '/api/Dev/Outbox'],
  // The supply side's staff routes: drivers, their audit log, invitations.
  ['GET', '/api/drivers/admin'],
  ['PATCH', `/api/drivers/admin/${ID}`],
  ['GET', '/api/Drivers/Admin/audit'],
  ['POST', '/api/driver-account/admin/invitations'],
];

/** The driver portal's own routes (routing.ts `driver: true`). */
const DRIVER_ROUTES: [string, string][] = [
  ['GET', '/api/driver/me/card'],
  ['PUT', '/api/driver/me/card'],
  ['GET', '/api/driver/me/availability'],
  ['PUT', '/api/Driver/me/availability'],
  ['GET', '/api/driver/me/jobs'],
  ['POST', `/api/driver/me/jobs/${ID}/accept`],
  ['POST', `/api/driver/me/jobs/${ID}/decline`],
];

describe('gateway JWT guard on admin routes', () => {
  let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
  let gateway: RunningGateway;
  let jwtConfig: JwtConfig;
  let staticDir: string;

  const call = (method: string, pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}${pathname}`, { method, headers }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      body: await res.json().catch(() => null),
    }));

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-guard-static-'));
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'guard-test-secret-0123456789-abcdefghijklmnop',
      JWT_TTL_SECONDS: '600',
      STATIC_DIR: staticDir,
      GATEWAY_RATE_LIMIT_PER_MINUTE: '100000',
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = upstream.url;
    jwtConfig = readJwtConfig(env);
    gateway = await startGateway(loadGatewayConfig(env));
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstream.seen.length = 0;
  });

  for (const [method, route] of ADMIN_ROUTES) {
    it(`${method} ${route}: every bad token gets 401 and the service is never reached`, async () => {
      for (const [what, header] of Object.entries(badTokens(jwtConfig))) {
        const res = await call(method, route, authHeader(header));
        expect(res.status, what).toBe(401);
        expect(res.body, what).toEqual({ success: false, message: 'Unauthorized: please log in again' });
        expect(res.headers.get('www-authenticate'), what).toBe('Bearer');
      }
      expect(upstream.seen).toEqual([]);
    });

    it(`${method} ${route}: a valid token is forwarded (the service verifies it again), never a client-sent identity`, async () => {
      const token = issueAdminToken({ sub: 'admin-1', username: 'Sam_Admin' }, jwtConfig);
      const res = await call(method, route, { authorization: `Bearer ${token}`, 'x-admin-username': 'mallory' });
      expect(res.status).toBe(200);
      expect(upstream.seen).toEqual([{ method, url: route, admin: null }]);
    });
  }

  for (const [method, route] of DRIVER_ROUTES) {
    it(`${method} ${route}: only a driver token passes; a staff token and every bad one get 401`, async () => {
      const staffToken = issueAdminToken({ sub: 'admin-1', username: 'Sam_Admin' }, jwtConfig);
      const bad: Record<string, string | undefined> = {
        ...badTokens(jwtConfig),
        'staff token': `Bearer ${staffToken}`,
      };
      delete bad['driver token'];
      for (const [what, header] of Object.entries(bad)) {
        const res = await call(method, route, authHeader(header));
        expect(res.status, what).toBe(401);
        expect(res.body, what).toEqual({ success: false, message: 'Unauthorized: please log in again' });
      }
      expect(upstream.seen).toEqual([]);
      const driverToken = issueDriverToken({ sub: 'driver-7', username: 'dana@drivers.example' }, jwtConfig);
      const res = await call(method, route, { authorization: `Bearer ${driverToken}`, 'x-admin-username': 'mallory' });
      expect(res.status).toBe(200);
      expect(upstream.seen).toEqual([{ method, url: route, admin: null }]);
    });
  }

  it('keeps the driver sign-in routes public: invitation, password set, login', async () => {
    for (const [method, route] of [
      ['GET', '/api/driver-account/invitations/some-token'],
      ['POST', '/api/driver-account/password'],
      ['POST', '/api/driver-account/login'],
    ] as const) {
      expect((await call(method, route)).status, route).toBe(200);
    }
  });

  it('a client-sent x-admin-username never reaches a service, even on public routes', async () => {
    const res = await call('GET', '/api/saveRetrieve?randomNumber=12', { 'x-admin-username': 'mallory' });
    expect(res.status).toBe(200);
    expect(upstream.seen).toEqual([{ method: 'GET', url: '/api/saveRetrieve?randomNumber=12', admin: null }]);
  });

  it('keeps the account and health routes public: login, register, dashboard/health', async () => {
    for (const [method, route] of [
      ['POST', '/api/account/login'],
      ['POST', '/api/account/register'],
      ['GET', '/api/dashboard/health'],
    ] as const) {
      expect((await call(method, route)).status, route).toBe(200);
    }
    expect(upstream.seen.map((s) => s.url)).toEqual([
      '/api/account/login',
      '/api/account/register',
      '/api/dashboard/health',
    ]);
  });
});
