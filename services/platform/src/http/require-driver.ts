import type { RequestHandler, Response } from 'express';
import { UnauthorizedError } from '../errors.js';
import { verifyDriverBearer, type DriverClaims } from '../jwt.js';
import type { JwtConfig } from '../jwt-config.js';
import type { Clock } from '../clock.js';

export const DRIVER_UNAUTHORIZED = 'Unauthorized: please log in again';

/**
 * The driver portal's check, run by the service that owns a driver's own routes. The gateway
 * checks first, but only a driver token that verifies here says which driver is asking: the
 * driver id is always the token's `sub`, never a path or body value.
 */
export function requireDriver(jwt: JwtConfig, clock?: Clock): RequestHandler {
  return (req, res, next) => {
    const claims = verifyDriverBearer(req.headers.authorization, jwt, clock);
    if (!claims) return next(new UnauthorizedError(DRIVER_UNAUTHORIZED));
    res.locals.driver = claims;
    next();
  };
}

/** The verified driver of a request that passed requireDriver. */
export const signedInDriver = (res: Response): DriverClaims => res.locals.driver as DriverClaims;
