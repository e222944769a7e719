import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS } from '../src/domain/admin-account.js';
import { authHeader, badTokens, startAdminAuth, validRegistration, type TestAdminAuth } from './support.js';

describe('admin-auth staff routes check the bearer themselves (defence in depth)', () => {
  let svc: TestAdminAuth;
  let token: string;
  let sub: string;

  beforeAll(async () => {
    svc = await startAdminAuth();
    await svc.post('/api/account/register', validRegistration('Dana_Ops', 'dana-password'));
    token = (await svc.post('/api/account/login', { username: 'dana_ops', password: 'dana-password' })).body.token;
    sub = (await svc.service.infra.store.collection(ADMINS).findOne({ nameKey: 'dana_ops' }))!._id;
  });
  afterAll(() => svc.stop());

  it('GET /api/account/admindashboard answers {username} for a valid token', async () => {
    const res = await svc.get('/api/account/admindashboard', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'Dana_Ops' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/dashboard answers {serverIp} for a valid token', async () => {
    const res = await svc.get('/api/dashboard', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body.serverIp).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
  });

  it('GET /api/dashboard/health stays public (SRE probes) and reports {health}', async () => {
    const res = await svc.get('/api/dashboard/health');
    expect([200, 503]).toContain(res.status);
    expect(['ok', 'degraded']).toContain(res.body.health);
  });

  for (const path of ['/api/account/admindashboard', '/api/dashboard']) {
    it(`${path} refuses every kind of bad token with 401`, async () => {
      for (const [what, header] of Object.entries(badTokens(svc.config.jwt, { sub, username: 'Dana_Ops' }))) {
        const res = await svc.get(path, authHeader(header));
        expect(res.status, what).toBe(401);
        expect(res.body, what).toEqual({ success: false, message: 'Unauthorized: please log in again' });
        expect(res.headers.get('www-authenticate'), what).toBe('Bearer');
      }
    });
  }

  it('refuses a still-valid token once its account no longer exists', async () => {
    await svc.post('/api/account/register', validRegistration('Leaver', 'leaver-password'));
    const leaverToken = (await svc.post('/api/account/login', { username: 'leaver', password: 'leaver-password' })).body
      .token;
    await svc.service.infra.store.collection(ADMINS).deleteOne({ nameKey: 'leaver' });
    const res = await svc.get('/api/account/admindashboard', { authorization: `Bearer ${leaverToken}` });
    expect(res.status).toBe(401);
  });

  it('a client-sent x-admin-username grants nothing', async () => {
    const res = await svc.get('/api/account/admindashboard', { 'x-admin-username': 'Dana_Ops' });
    expect(res.status).toBe(401);
  });
});
