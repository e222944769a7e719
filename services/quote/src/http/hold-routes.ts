import type { Express } from 'express';
import { driverHoldSchema } from '@vanhop/contracts';
import { ConflictError, NotFoundError, route, validate, ValidationError, type Clock } from '@vanhop/platform';
import type { DriverRepository } from '../adapters/driver-repository.js';
import { DRIVER_TAKEN, type DriverSlots } from '../adapters/driver-slots.js';
import { availabilityCovers, moveWindow } from '../domain/availability.js';

const BOOKING_ID = /^[\w-]{1,64}$/;

/** A hold longer than a move could be (20.5 hours, the longest of docs/PRICING.md) plus margin is a mistake. */
const MAX_WINDOW_MS = 24 * 3_600_000;
/**
 * An unpaid checkout holds a driver for its own life: 30 minutes, Stripe's shortest session, plus
 * the few minutes of payment's grid (docs/BOOKING-LIFECYCLE.md). Anything longer is a mistake.
 */
const MAX_HOLD_MS = 40 * 60_000;

/**
 * Service-to-service holds on a driver's time (payment takes one when a checkout starts). Under
 * /internal, which the gateway never proxies.
 */
export function holdRoutes(app: Express, deps: { drivers: DriverRepository; slots: DriverSlots; clock: Clock }): void {
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
      const driver = await deps.drivers.findById(id);
      if (!driver) throw new NotFoundError('No driver with that id');
      const start = new Date(body.start);
      const window =
        body.end !== undefined
          ? { start, end: new Date(body.end) }
          : moveWindow(start, body.hours, driver.card.minimumHours);
      const span = window.end.getTime() - window.start.getTime();
      if (span <= 0 || span > MAX_WINDOW_MS)
        throw new ValidationError('end must be after start, within 24 hours', {
          end: 'end must be after start, within 24 hours',
        });
      if (!driver.active || !availabilityCovers(driver.availability, window)) throw new ConflictError(DRIVER_TAKEN);
      res.status(201).json(await deps.slots.hold(id, body.bookingId, window, expiresAt, body.holder));
    }),
  );

  app.delete(
    '/internal/bookings/:bookingId/holds',
    route(async (req, res) => {
      const bookingId = req.params.bookingId;
      if (typeof bookingId !== 'string' || !BOOKING_ID.test(bookingId))
        throw new ValidationError('Invalid booking id', { bookingId: 'Invalid booking id' });
      res.json({ released: await deps.slots.release(bookingId) });
    }),
  );
}
