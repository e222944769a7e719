import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { ADMINS, type AdminAccount } from '../src/domain/admin-account.js';
import { startAdminAuth, validRegistration, type TestAdminAuth } from './support.js';

const r = MSG.adminRegister;

describe('POST /api/account/register', () => {
  let svc: TestAdminAuth;
  const admins = () => svc.service.infra.store.collection<AdminAccount>(ADMINS);

  beforeAll(async () => {
    svc = await startAdminAuth({ REGISTER_RATE_LIMIT_PER_CLIENT: '1000' });
  });
  afterAll(() => svc.stop());

  it('creates an account with the right code and answers {message}', async () => {
    const res = await svc.post('/api/account/register', validRegistration('Sam_Admin', 'pw-for-sam'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Registration successful. You can now log in.' });
    const stored = await admins().findOne({ nameKey: 'sam_admin' });
    expect(stored).toMatchObject({ name: 'Sam_Admin', nameKey: 'sam_admin' });
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain('pw-for-sam');
  });

  it('refuses a wrong sign-up code with 403 {errormessage} and creates nothing', async () => {
    const before = await admins().count({});
    const res = await svc.post('/api/account/register', {
      ...validRegistration('intruder'),
      uniquecode: 'VH-WRONG-CODE',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errormessage: 'Your unique code is not valid' });
    expect(await admins().count({})).toBe(before);
    expect(await admins().findOne({ nameKey: 'intruder' })).toBeNull();
  });

  it('does not reveal taken names to someone without the code', async () => {
    const res = await svc.post('/api/account/register', {
      ...validRegistration('Sam_Admin'),
      uniquecode: 'VH-WRONG-CODE',
    });
    expect(res.status).toBe(403);
  });

  it('answers 409 for a name already registered, whatever its case', async () => {
    for (const name of ['Sam_Admin', 'SAM_ADMIN', 'sam_admin']) {
      const res = await svc.post('/api/account/register', validRegistration(name, 'another-password'));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ errormessage: 'That name is already registered' });
    }
    expect(await admins().count({ nameKey: 'sam_admin' })).toBe(1);
  });

  it('lets only one of two simultaneous registrations for a name win', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => svc.post('/api/account/register', validRegistration('racer', 'racer-password'))),
    );
    expect(results.map((x) => x.status).sort()).toEqual([201, 409, 409]);
    expect(await admins().count({ nameKey: 'racer' })).toBe(1);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: undefined }, 'name', r.nameRequired],
    ['name too short', { name: 'ab' }, 'name', r.nameMin],
    ['name with spaces', { name: 'sam admin' }, 'name', r.nameNoSpaces],
    ['unique code missing', { uniquecode: undefined }, 'uniquecode', r.codeRequired],
    ['password missing', { password: undefined, password1: undefined }, 'password', r.passwordRequired],
    ['repeat password missing', { password1: undefined }, 'password1', r.passwordConfirmRequired],
    ['passwords differ', { password1: 'something-else' }, 'password1', r.passwordMatch],
    // Staff sign-up took '1'; a new password follows the drivers' rule (10 to 128 characters).
    ['password of 1 character', { password: '1', password1: '1' }, 'password', r.passwordLength],
    ['password of 9 characters', { password: 'nine-char', password1: 'nine-char' }, 'password', r.passwordLength],
    [
      'password of 129 characters',
      { password: 'x'.repeat(129), password1: 'x'.repeat(129) },
      'password',
      r.passwordLength,
    ],
  ];
  it.each(cases)('refuses %s with 400 and the product message', async (_what, change, field, message) => {
    const before = await admins().count({});
    const res = await svc.post('/api/account/register', { ...validRegistration('newcomer'), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    // The form shows one line: the first failing field's contract message (docs/WIRE-CONTRACT.md).
    expect(Object.values(res.body.errors)).toContain(res.body.errormessage);
    expect(await admins().count({})).toBe(before);
  });

  it('refuses operator objects and malformed JSON with a 4xx, never a 500', async () => {
    const objectName = await svc.post('/api/account/register', { ...validRegistration(), name: { $ne: null } });
    expect(objectName.status).toBe(400);
    const objectCode = await svc.post('/api/account/register', {
      ...validRegistration('objcode'),
      uniquecode: { $gt: '' },
    });
    expect(objectCode.status).toBe(400);
    const broken = await svc.post('/api/account/register', '{"name": ');
    expect(broken.status).toBe(400);
  });
});

describe('register rate limit', () => {
  it('limits sign-up attempts per client so the code cannot be brute-forced', async () => {
    const svc = await startAdminAuth({ REGISTER_RATE_LIMIT_PER_CLIENT: '3' });
    try {
      const wrong = { ...validRegistration('guesser'), uniquecode: 'VH-GUESS-000' };
      for (let i = 0; i < 3; i++) expect((await svc.post('/api/account/register', wrong)).status).toBe(403);
      const limited = await svc.post('/api/account/register', validRegistration('guesser'));
      expect(limited.status).toBe(429);
      expect(limited.body.errormessage).toMatch(/Too many sign-up attempts/);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await svc.stop();
    }
  });
});
