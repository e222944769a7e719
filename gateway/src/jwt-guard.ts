import type { RequestHandler } from 'express';
import { verifyBearer, verifyDriverBearer, type Clock, type JwtConfig } from '@vanhop/platform';

/** The identity header older gateways sent; services ignore it and the gateway drops a client's copy. */
export const CLIENT_IDENTITY_HEADER = 'x-admin-username';

export const UNAUTHORIZED_BODY = { success: false, message: 'Unauthorized: please log in again' } as const;

/**
 * Refuses admin routes without a valid token before any service is reached; the request goes on
 * with its Authorization header and the service verifies the bearer again (requireStaff).
 * Verification is the platform's shared `verifyBearer` (one implementation), which accepts staff
 * tokens only: a driver token is refused here like a forged one.
 */
export function requireAdmin(config: JwtConfig, clock?: Clock): RequestHandler {
  return (req, res, next) => {
    if (!verifyBearer(req.headers.authorization, config, clock)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json(UNAUTHORIZED_BODY);
      return;
    }
    next();
  };
}

/**
 * The driver portal's guard (`driver: true` routes): a driver token, never a staff one, so a
 * route a driver may use cannot be used by someone holding a back-office token by mistake and
 * vice versa. The service re-checks and takes the driver id from the token.
 */
export function requireDriverToken(config: JwtConfig, clock?: Clock): RequestHandler {
  return (req, res, next) => {
    if (!verifyDriverBearer(req.headers.authorization, config, clock)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json(UNAUTHORIZED_BODY);
      return;
    }
    next();
  };
}
