import type { Express, RequestHandler } from 'express';
import { DRIVER_HOURS_DAYS, shiftDay, type DriverAvailableHours } from '@vanhop/contracts';
import { route, ValidationError } from '@vanhop/platform';
import type { DriverSource } from '../app/price-move.js';
import { availableHours } from '../domain/available-hours.js';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function fromParam(value: unknown): string {
  if (typeof value !== 'string' || !DAY.test(value))
    throw new ValidationError('from must be a date like 2026-01-31', { from: 'from must be a date like 2026-01-31' });
  return value;
}

/**
 * The staff dashboard's "booked against available" chart: quote owns drivers' hours, so it answers
 * the available side (the booked side comes from admin-auth's event-fed figures). Mounted before
 * the drivers' `/:id` routes, which would take `hours` for an id.
 */
export function driverHoursRoutes(app: Express, deps: { drivers: DriverSource; staffOnly: RequestHandler }): void {
  app.get(
    '/api/drivers/admin/hours',
    deps.staffOnly,
    route(async (req, res) => {
      const from = fromParam(req.query.from);
      const drivers = await deps.drivers.listActive();
      const body: DriverAvailableHours = {
        from,
        to: shiftDay(from, DRIVER_HOURS_DAYS - 1),
        drivers: drivers.map((d) => ({
          driverId: d._id,
          name: d.name,
          availableHours: availableHours(d.availability, from, DRIVER_HOURS_DAYS),
        })),
      };
      res.set('Cache-Control', 'no-store').json(body);
    }),
  );
}
