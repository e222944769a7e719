import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../domain/ports.js';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  saltLength: number;
}

/**
 * One of OWASP's equivalent scrypt settings (N=2^14, r=8, p=5 matches N=2^17, p=1 in work) that
 * needs 16 MiB per hash instead of 128 MiB, which matters on small pods under a login burst.
 */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5, keyLength: 64, saltLength: 16 };

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const maxmem = (N: number, r: number) => 256 * N * r;

/**
 * scrypt from node:crypto with a random per-user salt. The stored string carries its own
 * parameters (`scrypt$N$r$p$salt$digest`) so they can be raised later without breaking old hashes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly params: ScryptParams = DEFAULT_SCRYPT_PARAMS) {}

  async hash(password: string): Promise<string> {
    const { N, r, p, keyLength, saltLength } = this.params;
    const salt = randomBytes(saltLength);
    const key = await derive(password, salt, keyLength, { N, r, p, maxmem: maxmem(N, r) });
    return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, cost = '', blockSize = '', parallel = '', saltText = '', hashText = ''] = parts;
    const [N, r, p] = [cost, blockSize, parallel].map(Number) as [number, number, number];
    if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
    const salt = Buffer.from(saltText, 'base64');
    const expected = Buffer.from(hashText, 'base64');
    if (salt.length === 0 || expected.length === 0) return false;
    const actual = await derive(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
    return timingSafeEqual(actual, expected);
  }
}
