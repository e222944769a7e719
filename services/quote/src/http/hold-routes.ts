import type { Express } from 'express';
import { driverHoldSchema } from '@vanhop/contracts';
import { route, validate, ValidationError, type Clock } from '@vanhop/platform';
import type { HoldDriverTime } from '../app/hold-driver-time.js';

const BOOKING_ID = /^[\w-]{1,64}$/;

/**
 * An unpaid checkout holds a driver for its own life: 30 minutes, Stripe's shortest session, plus
 * the few minutes of payment's grid (docs/BOOKING-LIFECYCLE.md). Anything longer is a mistake.
 */
const MAX_HOLD_MS = 40 * 60_000;

/**
 * Service-to-service holds on a driver's time (payment takes one when a checkout starts). Under
 * /internal, which the gateway never proxies.
 */
export function holdRoutes(app: Express, deps: { holds: HoldDriverTime; clock: Clock }): void {
  app.post(
    '/internal/drivers/:id/holds',
    route(async (req, res) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id))
        throw new ValidationError('Invalid driver id', { id: 'Invalid driver id' });
      const body = await validate(driverHoldSchema, req.body, 'Hold');
      if (body.end === undefined && body.hours === undefined)
        throw new ValidationError('end or hours is required', { end: 'end or hours is required' });
      const expiresAt = new Date(body.expiresAt);
      const now = deps.clock.now().getTime();
      if (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_HOLD_MS)
        throw new ValidationError('expiresAt must be within the next 40 minutes', {
          expiresAt: 'expiresAt must be within the next 40 minutes',
        });
      res.status(201).json(await deps.holds.hold(id, body, expiresAt));
    }),
  );

  app.delete(
    '/internal/bookings/:bookingId/holds',
    route(async (req, res) => {
      const bookingId = req.params.bookingId;
      if (typeof bookingId !== 'string' || !BOOKING_ID.test(bookingId))
        throw new ValidationError('Invalid booking id', { bookingId: 'Invalid booking id' });
      res.json({ released: await deps.holds.release(bookingId) });
    }),
  );
}
