import { describe, expect, it } from 'vitest';
import { startAdminAuth } from './support.js';

const TOO_MANY = { success: false, message: 'Too many login attempts, please try again later.' };

describe('driver sign-in rate limits (same limits and words as staff sign-in)', () => {
  it('limits attempts per e-mail address, whichever client they come from, ignoring case and spaces', async () => {
    const svc = await startAdminAuth({ LOGIN_RATE_LIMIT_PER_CLIENT: '1000', LOGIN_RATE_LIMIT_PER_USERNAME: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await svc.post(
          '/api/driver-account/login',
          { email: 'dana@drivers.example', password: `guess-${i}` },
          { 'x-forwarded-for': `203.0.113.${i}` },
        );
        expect(res.status).toBe(401);
        expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      }
      const blocked = await svc.post(
        '/api/driver-account/login',
        { email: ' DANA@Drivers.example ', password: 'pw' },
        { 'x-forwarded-for': '203.0.113.99' },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual(TOO_MANY);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.headers.get('ratelimit-limit')).toBe('3');
      // Another address, and staff sign-in with the same words as a username, keep their own counters.
      expect(
        (await svc.post('/api/driver-account/login', { email: 'other@drivers.example', password: 'pw' })).status,
      ).toBe(401);
      expect((await svc.post('/api/account/login', { username: 'dana@drivers.example', password: 'pw' })).status).toBe(
        401,
      );
    } finally {
      await svc.stop();
    }
  });

  it('limits attempts per client, whichever addresses it tries', async () => {
    const svc = await startAdminAuth({ LOGIN_RATE_LIMIT_PER_CLIENT: '4', LOGIN_RATE_LIMIT_PER_USERNAME: '1000' });
    try {
      const client = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 4; i++)
        expect(
          (await svc.post('/api/driver-account/login', { email: `d${i}@drivers.example`, password: 'pw' }, client))
            .status,
        ).toBe(401);
      const blocked = await svc.post(
        '/api/driver-account/login',
        { email: 'new@drivers.example', password: 'pw' },
        client,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual(TOO_MANY);
      // A different client still gets through, and the staff sign-in counts this client apart.
      expect(
        (
          await svc.post(
            '/api/driver-account/login',
            { email: 'new@drivers.example', password: 'pw' },
            { 'x-forwarded-for': '198.51.100.8' },
          )
        ).status,
      ).toBe(401);
      expect((await svc.post('/api/account/login', { username: 'some_admin', password: 'pw' }, client)).status).toBe(
        401,
      );
    } finally {
      await svc.stop();
    }
  });
});
