import { describe, expect, it } from 'vitest';
import { CredentialCheck } from '../src/app/credential-check.js';
import type { PasswordHasher } from '../src/domain/ports.js';

/** A hasher that records its work: the hash of `pw` is `h:pw`. */
const countingHasher = () => {
  const calls = { hash: 0, verify: [] as string[] };
  const hasher: PasswordHasher = {
    hash: async (pw) => {
      calls.hash++;
      return `h:${pw}`;
    },
    verify: async (pw, hash) => {
      calls.verify.push(hash);
      return hash === `h:${pw}`;
    },
  };
  return { hasher, calls };
};

describe('CredentialCheck (staff and driver sign-in)', () => {
  it('does one hash check for an unknown name, against a stand-in hashed once at warm-up', async () => {
    const { hasher, calls } = countingHasher();
    const check = new CredentialCheck(hasher);
    await check.warmUp();
    expect(calls.hash).toBe(1);
    expect(await check.match('pw', [])).toBeNull();
    expect(await check.match('pw', [])).toBeNull();
    expect(calls.hash).toBe(1);
    expect(calls.verify).toHaveLength(2);
    expect(calls.verify[0]).toMatch(/^h:[0-9a-f]{32}$/);
  });

  it('does one hash check per candidate and answers the one the password is right for', async () => {
    const { hasher, calls } = countingHasher();
    const check = new CredentialCheck(hasher);
    const a = { id: 'a', passwordHash: 'h:pw-a' };
    const b = { id: 'b', passwordHash: 'h:pw-b' };
    expect(await check.match('pw-b', [a, b])).toBe(b);
    expect(await check.match('wrong', [a])).toBeNull();
    expect(calls.verify).toEqual(['h:pw-a', 'h:pw-b', 'h:pw-a']);
  });

  it('prefers the last candidate when the password fits several', async () => {
    const { hasher } = countingHasher();
    const first = { id: 'first', passwordHash: 'h:same' };
    const last = { id: 'last', passwordHash: 'h:same' };
    expect(await new CredentialCheck(hasher).match('same', [first, last])).toBe(last);
  });
});
