import type { RequestHandler, Response } from 'express';
import { UnauthorizedError, verifyBearer, type AdminClaims, type Clock, type JwtConfig } from '@vanhop/platform';

/**
 * The gateway checks staff tokens before proxying, but services are reachable inside the cluster,
 * so admin routes here check the bearer again with the same shared verify (defence in depth).
 */
export function requireAdminToken(jwt: JwtConfig, clock: Clock): RequestHandler {
  return (req, res, next) => {
    const claims = verifyBearer(req.headers.authorization, jwt, clock);
    if (!claims) return next(new UnauthorizedError('Unauthorized: please log in again'));
    res.locals.admin = claims;
    next();
  };
}

export const signedInAdmin = (res: Response): AdminClaims => res.locals.admin as AdminClaims;
