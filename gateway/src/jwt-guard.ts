import type { RequestHandler } from 'express';
import { verifyBearer, type Clock, type JwtConfig } from '@vanhop/platform';

/** Carries the verified staff username to services; the gateway removes any client-sent copy first. */
export const ADMIN_USER_HEADER = 'x-admin-username';

export const UNAUTHORIZED_BODY = { success: false, message: 'Unauthorized: please log in again' } as const;

/**
 * Refuses admin routes without a valid token before any service is reached, and passes the
 * verified user on. Verification is the platform's shared `verifyBearer` (one implementation).
 */
export function requireAdmin(config: JwtConfig, clock?: Clock): RequestHandler {
  return (req, res, next) => {
    const claims = verifyBearer(req.headers.authorization, config, clock);
    if (!claims) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json(UNAUTHORIZED_BODY);
      return;
    }
    req.headers[ADMIN_USER_HEADER] = claims.username;
    next();
  };
}
