import type { RequestHandler, Response } from 'express';
import { UnauthorizedError } from '../errors.js';
import { verifyBearer, type AdminClaims } from '../jwt.js';
import type { JwtConfig } from '../jwt-config.js';
import type { Clock } from '../clock.js';

export const STAFF_UNAUTHORIZED = 'Unauthorized: please log in again';

/**
 * The staff check every service runs on its own admin routes. The gateway checks the same token
 * first, but services are reachable inside the cluster, so a header saying who the caller is
 * proves nothing: only a bearer token that verifies here (algorithm, issuer, audience, expiry
 * pinned by the shared verify) does.
 */
export function requireStaff(jwt: JwtConfig, clock?: Clock): RequestHandler {
  return (req, res, next) => {
    const claims = verifyBearer(req.headers.authorization, jwt, clock);
    if (!claims) return next(new UnauthorizedError(STAFF_UNAUTHORIZED));
    res.locals.staff = claims;
    next();
  };
}

/** The verified staff member of a request that passed requireStaff. */
export const signedInStaff = (res: Response): AdminClaims => res.locals.staff as AdminClaims;
