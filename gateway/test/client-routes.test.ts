import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TITLES, serviceSlug } from '@vanhop/contracts';
import { SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { isClientRoute } from '../src/landing-prerender.js';

const SHELL = '<!doctype html><html><head><title>VanHop shell</title></head><body><div id="root"></div></body></html>';

const KNOWN = [
  '/',
  '/booking',
  '/booking/',
  '/BOOKING',
  '/paymentbooking/success?session_id=cs_123',
  '/paymentbooking/fail',
  '/services',
  ...SERVICE_TITLES.map((t) => `/services/${serviceSlug(t)}`),
  '/contact',
  '/dashboard',
  '/faq',
  '/retrieve',
  '/retrieve/1234567',
  '/terms',
  '/checkareacover',
  '/admin',
  '/admin/login',
  '/admin/register',
  '/admin/dashboard',
  '/admin/health',
  '/man-and-van-croydon',
  '/House-Clearance-East-Central-London',
  '/student-moves-abbey-wood',
];

const UNKNOWN = [
  '/nope',
  '/man-and-van-atlantis',
  '/man-and-van-',
  '/constructor',
  '/__proto__',
  '/services/Not-A-Service',
  '/services/man-and-van',
  '/services/Man-and-Van/extra',
  '/admin/settings',
  '/admin/dashboard/extra',
  '/paymentbooking',
  '/paymentbooking/success/x',
  '/retrieve/1/2',
  '/%E0%A4%A',
  '/services/%E0%A4%A',
  '/assets/missing.js',
];

describe('which paths are pages of the web app', () => {
  it.each(KNOWN)('%s is a page', (p) => {
    expect(isClientRoute(p.split('?')[0]!)).toBe(true);
  });
  it.each(UNKNOWN)('%s ends on a not-found screen', (p) => {
    expect(isClientRoute(p)).toBe(false);
  });
});

describe('the gateway answers unknown client paths with 404 and the app shell', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'vanhop-routes-'));
    writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-1234567890',
      STATIC_DIR: staticDir,
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = 'http://127.0.0.1:1';
    gateway = await startGateway(loadGatewayConfig(env));
  });
  afterAll(() => gateway?.stop());

  const get = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${gateway.url}${p}`, { headers, redirect: 'manual' });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it.each([
    ['home', '/'],
    ['a customer page', '/booking'],
    ['a service detail page', '/services/House-or-Apartment-Moves'],
    ['a retrieve link', '/retrieve/1234567'],
    ['an admin page', '/admin/login'],
  ])('%s: 200 with the shell', async (_what, p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.text).toBe(SHELL);
  });

  it('a landing page: 200 with its prerendered text', async () => {
    const res = await get('/man-and-van-croydon');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Man and Van in Croydon</h1>');
  });

  it.each([
    ['an unknown path', '/no-such-page'],
    ['an unknown landing slug', '/man-and-van-atlantis'],
    ['an unknown service', '/services/Piano-Tuning'],
    ['an unknown admin page', '/admin/settings'],
    ['a prototype member name', '/constructor'],
    ['bad percent-encoding', '/%E0%A4%A'],
  ])('%s: 404 with the shell, so the app still renders its not-found screen', async (_what, p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/text\/html/);
    expect(res.text).toBe(SHELL);
  });

  it('a 404 page is never answered 304 from a cached validator', async () => {
    const first = await fetch(`${gateway.url}/no-such-page`);
    const etag = first.headers.get('etag');
    await first.text();
    const again = await get('/no-such-page', etag ? { 'if-none-match': etag } : {});
    expect(again.status).toBe(404);
  });

  it('an unknown API path still gets the API JSON 404', async () => {
    for (const p of ['/api/no-such-route', '/api', '/api/services/Piano-Tuning']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.type, p).toMatch(/application\/json/);
      expect(JSON.parse(res.text), p).toMatchObject({ code: 'not_found' });
    }
  });
});
