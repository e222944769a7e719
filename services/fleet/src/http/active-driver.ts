import type { RequestHandler } from 'express';
import { activeDriverOnly as activeOnly } from '@vanhop/platform';
import type { FindDriver } from '../app/find-driver.js';

/**
 * The driver routes' check (platform's activeDriverOnly) against the driver record this service
 * owns, read on every request: a suspension takes effect at once on every `/api/driver/me...` route,
 * reads included, so an open session shows no customer's details any more. A token for a driver
 * this service does not know gets 401, like a forged one.
 */
export function activeDriverOnly(signedIn: RequestHandler, drivers: FindDriver): RequestHandler {
  return activeOnly(
    signedIn,
    async (id) => {
      const driver = await drivers.byId(id);
      if (!driver) return 'unknown';
      return driver.active ? 'active' : 'suspended';
    },
    'refuse',
  );
}
