import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import type { JwtConfig } from '@vanhop/platform';

export interface AdminClaims { sub: string; username: string }

/** Verifies the bearer token: algorithm pinned, expiry, issuer and audience checked. */
export function verifyAdminToken(token: string, config: JwtConfig): AdminClaims | null {
  try {
    const claims = jwt.verify(token, config.secret, {
      algorithms: [config.algorithm],
      issuer: config.issuer,
      audience: config.audience,
    }) as jwt.JwtPayload;
    if (typeof claims.sub !== 'string' || typeof claims.username !== 'string') return null;
    return { sub: claims.sub, username: claims.username };
  } catch {
    return null;
  }
}

export const ADMIN_USER_HEADER = 'x-admin-username';

/** Refuses admin routes without a valid token before any service is reached; passes the user on. */
export function requireAdmin(config: JwtConfig): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_\-.]+)$/.exec(header);
    const claims = match ? verifyAdminToken(match[1], config) : null;
    if (!claims) {
      res.status(401).json({ success: false, message: 'Unauthorized: please log in again' });
      return;
    }
    req.headers[ADMIN_USER_HEADER] = claims.username;
    next();
  };
}
