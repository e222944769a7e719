import type { Express } from 'express';
import { NotFoundError, route } from '@vanhop/platform';
import type { FindDriver } from '../app/find-driver.js';
import { byInternalDriverId, internalDriverIdOf } from './internal-driver-id-param.js';

/** The supply side's routes other services call under /internal, which the gateway never proxies. */
export function internalDriverRoutes(app: Express, deps: { drivers: FindDriver }): void {
  /**
   * A driver's contact by id, for services that write to drivers on a customer's behalf
   * (notification's conversations): the e-mail goes from here into a mail, never to a browser.
   */
  app.get(
    '/internal/drivers/:id/contact',
    byInternalDriverId,
    route(async (_req, res) => {
      const driver = await deps.drivers.byId(internalDriverIdOf(res));
      if (!driver) throw new NotFoundError('No driver with that id');
      res.json({ id: driver._id, name: driver.name, email: driver.email, active: driver.active });
    }),
  );
}
