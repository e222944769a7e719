import type { RequestHandler } from 'express';
import { DRIVER_ACCOUNT_MSG } from '@vanhop/contracts';
import { DRIVER_UNAUTHORIZED, ForbiddenError, signedInDriver, UnauthorizedError } from '@vanhop/platform';
import type { FindDriver } from '../app/find-driver.js';

/**
 * The driver routes' check: a valid driver token (`signedIn`, platform's requireDriver) whose
 * driver is active now. Tokens live an hour and say nothing about suspension, so the driver record
 * (this service owns it) is read on every request: a suspension takes effect at once on every
 * `/api/driver/me...` route, reads included, so an open session shows no customer's details any
 * more; reactivating restores access with the same token. A suspended driver gets 403 with the
 * reason; a token for a driver this service does not know gets 401, like a forged one.
 */
export function activeDriverOnly(signedIn: RequestHandler, drivers: FindDriver): RequestHandler {
  return (req, res, next) =>
    signedIn(req, res, (err?: unknown) => {
      if (err) return next(err);
      drivers.byId(signedInDriver(res).sub).then((driver) => {
        if (!driver) return next(new UnauthorizedError(DRIVER_UNAUTHORIZED));
        if (!driver.active) return next(new ForbiddenError(DRIVER_ACCOUNT_MSG.suspended));
        next();
      }, next);
    });
}
