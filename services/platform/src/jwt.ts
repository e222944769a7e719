import jwt from 'jsonwebtoken';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { JwtConfig } from './jwt-config.js';

/** What a staff token says: the admin's id (`sub`) and display name. */
export interface AdminClaims {
  sub: string;
  username: string;
}

/** What a driver token says: the driver's id in the quote service (`sub`) and their e-mail. */
export interface DriverClaims {
  sub: string;
  username: string;
}

/**
 * Every token carries a role; admin-auth issues both kinds with one key, so a verifier must
 * look at the role or a driver could walk into the back office.
 */
export type TokenRole = 'staff' | 'driver';

/** Seconds of clock drift tolerated between the issuer and a verifier. */
const CLOCK_TOLERANCE_SECONDS = 5;

const epochSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** Issues a short-lived staff token (admin-auth is the only issuer). */
export function issueAdminToken(claims: AdminClaims, config: JwtConfig, clock: Clock = systemClock): string {
  return issueToken('staff', claims, config, clock);
}

/** Issues a driver-portal token (admin-auth is the only issuer; `sub` is the driver id). */
export function issueDriverToken(claims: DriverClaims, config: JwtConfig, clock: Clock = systemClock): string {
  return issueToken('driver', claims, config, clock);
}

function issueToken(
  role: TokenRole,
  claims: { sub: string; username: string },
  config: JwtConfig,
  clock: Clock,
): string {
  return jwt.sign({ username: claims.username, role, iat: epochSeconds(clock) }, config.secret, {
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
  const verified = verifyToken(token, config, clock);
  return verified?.role === 'staff' ? verified.claims : null;
}

/** A driver token, verified like a staff one; a staff token is not a driver token. */
export function verifyDriverToken(token: string, config: JwtConfig, clock: Clock = systemClock): DriverClaims | null {
  const verified = verifyToken(token, config, clock);
  return verified?.role === 'driver' ? verified.claims : null;
}

function verifyToken(
  token: string,
  config: JwtConfig,
  clock: Clock,
): { role: TokenRole; claims: { sub: string; username: string } } | null {
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
    if (
      typeof claims.sub !== 'string' ||
      claims.sub === '' ||
      typeof claims.username !== 'string' ||
      claims.username === ''
    )
      return null;
    // Tokens issued before roles existed were all staff tokens; any other role is refused.
    const role = claims.role === undefined ? 'staff' : claims.role;
    if (role !== 'staff' && role !== 'driver') return null;
    return { role, claims: { sub: claims.sub, username: claims.username } };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Verifies a request's Authorization header as a staff token in one step. */
export function verifyBearer(
  header: string | string[] | undefined,
  config: JwtConfig,
  clock: Clock = systemClock,
): AdminClaims | null {
  const token = bearerToken(header);
  return token ? verifyAdminToken(token, config, clock) : null;
}

/** Verifies a request's Authorization header as a driver token in one step. */
export function verifyDriverBearer(
  header: string | string[] | undefined,
  config: JwtConfig,
  clock: Clock = systemClock,
): DriverClaims | null {
  const token = bearerToken(header);
  return token ? verifyDriverToken(token, config, clock) : null;
}
