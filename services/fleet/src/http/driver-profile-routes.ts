import type { Express } from 'express';
import { driverProfileParamsSchema } from '@vanhop/contracts';
import { NotFoundError, route, validated, type Clock } from '@vanhop/platform';
import type { FindDriver } from '../app/find-driver.js';
import { toDriverProfile } from '../app/driver-profile.js';

const byDriver = validated(driverProfileParamsSchema, 'params', { what: 'Driver' });

/**
 * A driver's public profile (`/api/driver-profiles/:driverId`), loaded when a customer opens it from
 * an offer or My move rather than inlined in every offer. Public like the offers; a suspended or
 * unknown driver has none.
 */
export function driverProfileRoutes(app: Express, deps: { drivers: FindDriver; clock: Clock }): void {
  app.get(
    '/api/driver-profiles/:driverId',
    byDriver,
    route(async (_req, res) => {
      const { driverId } = byDriver.of(res);
      const driver = await deps.drivers.byId(driverId);
      if (!driver?.active) throw new NotFoundError('No such driver');
      // A minute stale at most: vetting and ratings change rarely.
      res.set('Cache-Control', 'public, max-age=60').json(toDriverProfile(driver, deps.clock.now()));
    }),
  );
}
