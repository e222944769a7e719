import jwt from 'jsonwebtoken';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { JwtConfig } from './jwt-config.js';

/**
 * The header the gateway uses to pass the verified staff username to services. The gateway
 * deletes any client-sent copy before proxying, so services can attribute admin actions with it.
 */
export const ADMIN_USER_HEADER = 'x-admin-username';

/** What a staff token says: the admin's id (`sub`) and display name. */
export interface AdminClaims { sub: string; username: string }

/** Seconds of clock drift tolerated between the issuer and a verifier. */
const CLOCK_TOLERANCE_SECONDS = 5;

const epochSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** Issues a short-lived staff token (admin-auth is the only issuer). */
export function issueAdminToken(claims: AdminClaims, config: JwtConfig, clock: Clock = systemClock): string {
  return jwt.sign({ username: claims.username, iat: epochSeconds(clock) }, config.secret, {
    algorithm: config.algorithm,
    subject: claims.sub,
    issuer: config.issuer,
    audience: config.audience,
    // A number means seconds here; a numeric string would be read as milliseconds.
    expiresIn: config.ttlSeconds,
  });
}

/**
 * The one verify used by the gateway guard and by services checking a bearer themselves.
 * The algorithm is pinned (so `alg: none` and algorithm swaps fail), expiry, issuer and audience
 * are required, and a token may not live longer than the configured lifetime even if it claims to.
 */
export function verifyAdminToken(token: string, config: JwtConfig, clock: Clock = systemClock): AdminClaims | null {
  try {
    const now = epochSeconds(clock);
    const claims = jwt.verify(token, config.secret, {
      algorithms: [config.algorithm],
      issuer: config.issuer,
      audience: config.audience,
      clockTimestamp: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxAge: config.ttlSeconds,
    });
    if (typeof claims !== 'object' || claims === null) return null;
    // jsonwebtoken accepts tokens without `exp`; a staff token must always expire.
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
    // Issued "in the future" would stretch maxAge: only the issuer's small clock drift is allowed.
    if (claims.iat > now + CLOCK_TOLERANCE_SECONDS) return null;
    if (typeof claims.sub !== 'string' || claims.sub === '' || typeof claims.username !== 'string' || claims.username === '') return null;
    return { sub: claims.sub, username: claims.username };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Verifies a request's Authorization header in one step. */
export function verifyBearer(header: string | string[] | undefined, config: JwtConfig, clock: Clock = systemClock): AdminClaims | null {
  const token = bearerToken(header);
  return token ? verifyAdminToken(token, config, clock) : null;
}
