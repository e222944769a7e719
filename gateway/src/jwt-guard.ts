import type { RequestHandler } from 'express';
import { ADMIN_USER_HEADER, verifyBearer, type Clock, type JwtConfig } from '@vanhop/platform';

export { ADMIN_USER_HEADER };

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
