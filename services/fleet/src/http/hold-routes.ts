import type { Express } from 'express';
import { bookingIdParamsSchema, driverHoldSchema } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { HoldDriverTime } from '../app/hold-driver-time.js';
import { byInternalDriverId, internalDriverIdOf } from './internal-driver-id-param.js';

const hold = validated(driverHoldSchema, 'body', { what: 'Hold' });
const byBookingId = validated(bookingIdParamsSchema, 'params', {
  invalid: { message: 'Invalid booking id', fields: { bookingId: 'Invalid booking id' } },
});

/**
 * Service-to-service holds on a driver's time (payment takes one when a checkout starts). Under
 * /internal, which the gateway never proxies.
 */
export function holdRoutes(app: Express, deps: { holds: HoldDriverTime }): void {
  app.post(
    '/internal/drivers/:id/holds',
    byInternalDriverId,
    hold,
    route(async (_req, res) => {
      res.status(201).json(await deps.holds.hold(internalDriverIdOf(res), hold.of(res)));
    }),
  );

  app.delete(
    '/internal/bookings/:id/holds',
    byBookingId,
    route(async (_req, res) => {
      res.json({ released: await deps.holds.release(byBookingId.of(res).id) });
    }),
  );
}
