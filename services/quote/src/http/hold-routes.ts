import type { Express } from 'express';
import { bookingIdParamsSchema, driverHoldSchema } from '@vanhop/contracts';
import { input, route, validated } from '@vanhop/platform';
import type { HoldDriverTime } from '../app/hold-driver-time.js';
import { byInternalDriverId, internalDriverIdOf } from './internal-driver-id-param.js';

/**
 * Service-to-service holds on a driver's time (payment takes one when a checkout starts). Under
 * /internal, which the gateway never proxies.
 */
export function holdRoutes(app: Express, deps: { holds: HoldDriverTime }): void {
  app.post(
    '/internal/drivers/:id/holds',
    byInternalDriverId,
    validated(driverHoldSchema, 'body', { what: 'Hold' }),
    route(async (_req, res) => {
      res.status(201).json(await deps.holds.hold(internalDriverIdOf(res), input(res, 'body', driverHoldSchema)));
    }),
  );

  app.delete(
    '/internal/bookings/:id/holds',
    validated(bookingIdParamsSchema, 'params', {
      invalid: { message: 'Invalid booking id', fields: { bookingId: 'Invalid booking id' } },
    }),
    route(async (_req, res) => {
      res.json({ released: await deps.holds.release(input(res, 'params', bookingIdParamsSchema).id) });
    }),
  );
}
