import { describe, expect, it } from 'vitest';
import { ScryptPasswordHasher } from '../src/adapters/scrypt-password-hasher.js';
import { FAST_SCRYPT } from './support.js';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher(FAST_SCRYPT);

  it('stores a salted, self-describing hash that never contains the password', async () => {
    const hash = await hasher.hash('s3cret-pass');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('s3cret-pass');
    expect(await hasher.hash('s3cret-pass')).not.toBe(hash);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('s3cret-pass');
    expect(await hasher.verify('s3cret-pass', hash)).toBe(true);
    expect(await hasher.verify('s3cret-pasS', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('keeps verifying hashes made with other parameters (they are read from the hash)', async () => {
    const old = await new ScryptPasswordHasher({ ...FAST_SCRYPT, N: 2048, keyLength: 64 }).hash('pw-1');
    expect(await hasher.verify('pw-1', old)).toBe(true);
  });

  it('answers false, never throws, for unreadable or abusive hashes', async () => {
    for (const bad of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$1024$8$1$$',
      'scrypt$0$8$1$c2FsdA==$aGFzaA==',
      `scrypt$${2 ** 30}$8$1$c2FsdA==$aGFzaA==`,
    ]) {
      expect(await hasher.verify('pw', bad)).toBe(false);
    }
  });

  it('production parameters use real work (OWASP-equivalent scrypt)', async () => {
    const hash = await new ScryptPasswordHasher().hash('pw');
    expect(hash.startsWith('scrypt$16384$8$5$')).toBe(true);
  });
});
