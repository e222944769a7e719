import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Embedded mode keeps its generated secrets in the data folder so restarts keep admin sessions
 * and the sign-up code; production always takes them from the environment.
 */
export function persistentSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');
export const randomSignupCode = () => `VH-${randomBytes(4).toString('hex').toUpperCase()}`;
