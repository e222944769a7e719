import type { Express, RequestHandler } from 'express';
import { route, ValidationError } from '@vanhop/platform';
import type { DriversAvailableHours } from '../app/drivers-available-hours.js';

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
export function driverHoursRoutes(
  app: Express,
  deps: { hours: DriversAvailableHours; staffOnly: RequestHandler },
): void {
  app.get(
    '/api/drivers/admin/hours',
    deps.staffOnly,
    route(async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.hours.execute(fromParam(req.query.from)));
    }),
  );
}
