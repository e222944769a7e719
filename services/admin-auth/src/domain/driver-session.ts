import { createHash, randomBytes } from 'node:crypto';

/**
 * A driver's signed-in device (`driver_sessions`): the refresh token's secret is kept only as a
 * hash; each refresh replaces it (the one before is remembered only to spot its reuse).
 */
export interface DriverSession {
  _id: string;
  driverId: string;
  tokenHash: string;
  /** The hash the last refresh replaced: presented again, the token was copied (the session ends). */
  previousHash: string | null;
  rotatedAt: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** Refreshing moves it on: a device used within the lifetime stays signed in. */
  expiresAt: string;
  revokedAt: string | null;
  revokedBecause: DriverSessionEnd | null;
  /** The browser that signed in (its user agent, shortened), for the office. */
  device: string;
}

export type DriverSessionEnd = 'signed-out' | 'staff' | 'suspended' | 'reused';

export const DRIVER_SESSIONS = 'driver_sessions';

/** The refresh token: the session id and a secret (`<32 hex>.<43 base64url>`). */
const TOKEN_FORMAT = /^([a-f0-9]{32})\.([A-Za-z0-9_-]{43})$/;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const newSessionId = (): string => randomBytes(16).toString('hex');
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const refreshToken = (sessionId: string, secret: string): string => `${sessionId}.${secret}`;

export function parseRefreshToken(token: string | undefined): { sessionId: string; secret: string } | null {
  const m = token ? TOKEN_FORMAT.exec(token) : null;
  return m ? { sessionId: m[1]!, secret: m[2]! } : null;
}

/**
 * Two tabs of one browser may refresh with the same token at once: the loser presents the token
 * the winner just replaced. Within this window that is a race, not a copy, and ends nothing.
 */
export const REUSE_GRACE_MS = 30_000;

/** Where sessions are kept (adapters/driver-session-repository.ts). */
export interface DriverSessionStore {
  insert(session: DriverSession): Promise<void>;
  findById(id: string): Promise<DriverSession | null>;
  /** Replaces the secret's hash while the session is live and still holds `fromHash`. */
  rotate(id: string, fromHash: string, toHash: string, at: string, expiresAt: string): Promise<boolean>;
  revoke(id: string, because: DriverSessionEnd, at: string): Promise<boolean>;
  /** Ends every live session of the driver; how many were live. */
  revokeAll(driverId: string, because: DriverSessionEnd, at: string): Promise<number>;
}
