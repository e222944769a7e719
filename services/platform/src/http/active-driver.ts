import type { RequestHandler } from 'express';
import { DRIVER_ACCOUNT_MSG } from '@vanhop/contracts';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { DRIVER_UNAUTHORIZED, signedInDriver } from './require-driver.js';

/** What a service knows of a driver's account now: `unknown` when it has no record of them. */
export type DriverStanding = 'active' | 'suspended' | 'unknown';

/**
 * A driver route's check: a valid driver token (`signedIn`, requireDriver) whose driver is not
 * suspended now. Tokens live an hour and say nothing about suspension, so the standing is read on
 * every request: a suspension takes effect at once on every route of the driver's own, reads
 * included, and reactivating restores access with the same token. A suspended driver gets 403 with
 * the reason. `unknown`: the service that owns drivers refuses a token for a driver it does not
 * know (401, like a forged one); a service that only follows drivers' standing by events lets it
 * through, as it has not heard of every driver.
 */
export function activeDriverOnly(
  signedIn: RequestHandler,
  standingOf: (driverId: string) => Promise<DriverStanding>,
  unknown: 'refuse' | 'allow',
): RequestHandler {
  return (req, res, next) =>
    signedIn(req, res, (err?: unknown) => {
      if (err) return next(err);
      standingOf(signedInDriver(res).sub).then((standing) => {
        if (standing === 'unknown' && unknown === 'refuse') return next(new UnauthorizedError(DRIVER_UNAUTHORIZED));
        if (standing === 'suspended') return next(new ForbiddenError(DRIVER_ACCOUNT_MSG.suspended));
        next();
      }, next);
    });
}
