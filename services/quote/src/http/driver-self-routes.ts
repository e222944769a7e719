import type { Express, RequestHandler } from 'express';
import { availabilitySchema, priceCardSchema } from '@vanhop/contracts';
import { route, signedInDriver, validate } from '@vanhop/platform';
import type { ManageDrivers } from '../app/manage-drivers.js';
import type { PriceCard } from '../domain/price-card.js';

/**
 * The driver portal's own profile (`/api/driver/me`): a driver token at the gateway and again
 * here; the driver id always comes from the token, never from the path or body, so one driver
 * cannot read or change another's card or hours.
 */
export function driverSelfRoutes(app: Express, deps: { manage: ManageDrivers; driverOnly: RequestHandler }): void {
  app.get(
    '/api/driver/me',
    deps.driverOnly,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.manage.self(signedInDriver(res).sub)),
    ),
  );

  app.put(
    '/api/driver/me/card',
    deps.driverOnly,
    route(async (req, res) => {
      const card = await validate(priceCardSchema, req.body, 'Price card');
      res.json(await deps.manage.updateOwnCard(signedInDriver(res).sub, card as PriceCard));
    }),
  );

  app.put(
    '/api/driver/me/availability',
    deps.driverOnly,
    route(async (req, res) => {
      const availability = await validate(availabilitySchema, req.body, 'Availability');
      res.json(await deps.manage.updateOwnAvailability(signedInDriver(res).sub, availability));
    }),
  );
}
