import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '@vanhop/contracts';
import { readJwtConfig } from '@vanhop/platform';
import { startEmbedded, type EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';
import { BOOKINGS } from '../../services/booking/src/domain/booking-record.js';
import { bookingRecord } from '../../services/booking/test/admin-support.js';
import { authHeader, badTokens } from '../../services/admin-auth/test/support.js';

/** The staff journey through the real gateway and services: register → login → dashboard → list → delete. */
describe('staff accounts and back office through the gateway (embedded product)', () => {
  let product: EmbeddedProduct;
  let dataDir: string;
  let token: string;
  const kept = bookingRecord({ randomNumber: 1001, date: '2026-11-01T09:00:00.000Z' });
  const removed = bookingRecord({ randomNumber: 1002, date: '2026-11-02T09:00:00.000Z' });

  const call = async (
    method: string,
    pathname: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await fetch(`${product.url}${pathname}`, {
      method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const body: any = await res.json().catch(() => null);
    return { status: res.status, body };
  };
  const bookings = () =>
    product.services.booking!.infra.store.collection<BookingRecord & { deletedBy?: string }>(BOOKINGS);
  const bearer = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vanhop-admin-flow-'));
    product = await startEmbedded({ GATEWAY_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: dataDir });
    // Saved quotes come from POST /api/saveRetrieve in the product; here they are stored directly.
    await bookings().insertOne(kept);
    await bookings().insertOne(removed);
  });
  afterAll(async () => {
    await product?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('uses the sign-up code the embedded runner generated and kept in the data folder', () => {
    expect(product.env.ADMIN_SIGNUP_CODE).toMatch(/^VH-[0-9A-F]{8}$/);
  });

  it('refuses registration with a wrong code (403) and accepts the right one', async () => {
    const form = { name: 'Jo_Staff', password: 'jo-long-password', password1: 'jo-long-password' };
    const wrong = await call('POST', '/api/account/register', { body: { ...form, uniquecode: 'VH-00000000' } });
    expect(wrong).toEqual({ status: 403, body: { errormessage: 'Your unique code is not valid' } });
    const ok = await call('POST', '/api/account/register', {
      body: { ...form, uniquecode: product.env.ADMIN_SIGNUP_CODE },
    });
    expect(ok).toEqual({ status: 201, body: { message: 'Registration successful. You can now log in.' } });
  });

  it('logs in, and the token opens the admin dashboard', async () => {
    const bad = await call('POST', '/api/account/login', { body: { username: 'Jo_Staff', password: 'nope-nope' } });
    expect(bad).toEqual({ status: 401, body: { success: false, message: 'Invalid username or password' } });
    const login = await call('POST', '/api/account/login', {
      body: { username: 'jo_staff', password: 'jo-long-password' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, message: 'Login successful' });
    token = login.body.token;
    expect(await call('GET', '/api/account/admindashboard', { headers: bearer() })).toEqual({
      status: 200,
      body: { username: 'Jo_Staff' },
    });
  });

  it('lists the booking records for staff', async () => {
    const list = await call('GET', '/api/backdata/all', { headers: bearer() });
    expect(list.status).toBe(200);
    expect(list.body.map((r: BookingRecord) => r.randomNumber)).toEqual([1001, 1002]);
    expect(list.body[0]).not.toHaveProperty('outbox');
  });

  it('soft-deletes a record, attributed to the signed-in admin', async () => {
    const res = await call('DELETE', `/api/backdata/delete/${removed._id}`, { headers: bearer() });
    expect(res).toEqual({ status: 200, body: { message: 'Booking record deleted' } });
    const list = await call('GET', '/api/backdata/all', { headers: bearer() });
    expect(list.body.map((r: BookingRecord) => r.randomNumber)).toEqual([1001]);
    expect(await bookings().findOne({ _id: removed._id })).toMatchObject({ deletedBy: 'Jo_Staff', randomNumber: 1002 });
    expect((await call('DELETE', `/api/backdata/delete/${removed._id}`, { headers: bearer() })).status).toBe(404);
    expect((await call('DELETE', '/api/backdata/delete/not-an-id', { headers: bearer() })).status).toBe(400);
  });

  it('shows the server address to staff only, and the aggregate health to anyone', async () => {
    const ip = await call('GET', '/api/dashboard', { headers: bearer() });
    expect(ip.status).toBe(200);
    expect(typeof ip.body.serverIp).toBe('string');
    expect((await call('GET', '/api/dashboard')).status).toBe(401);
    const health = await call('GET', '/api/dashboard/health');
    expect(['ok', 'degraded']).toContain(health.body.health);
  });

  it('refuses every admin route without a valid token, and nothing changes', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/backdata/all'],
      ['DELETE', `/api/backdata/delete/${kept._id}`],
      ['POST', `/api/backdata/review/${kept._id}`],
      ['GET', '/api/account/admindashboard'],
      ['GET', '/api/dashboard'],
    ];
    const tokens = badTokens(readJwtConfig(product.env), { sub: 'any', username: 'Jo_Staff' });
    for (const [method, route] of routes) {
      for (const [what, header] of Object.entries(tokens)) {
        const res = await call(method, route, { headers: authHeader(header) });
        expect(res.status, `${method} ${route}: ${what}`).toBe(401);
      }
    }
    expect(await bookings().findOne({ _id: kept._id })).toMatchObject({ deletedAt: null, reviewRequest: false });
  });

  it('a route spelled to slip past the gateway map is still refused by the service itself', async () => {
    // "/api/account/AdminDashboard" matches the public /api/account prefix at the gateway, and Express
    // routes are case-insensitive, so the service's own bearer check is what refuses it.
    expect((await call('GET', '/api/account/AdminDashboard')).status).toBe(401);
    expect((await call('GET', '/api/account/AdminDashboard', { headers: bearer() })).status).toBe(200);
  });
});
