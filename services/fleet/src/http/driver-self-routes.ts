import type { Express, RequestHandler } from 'express';
import { availabilitySchema, priceCardSchema } from '@vanhop/contracts';
import { route, signedInDriver, validated } from '@vanhop/platform';
import type { ManageDrivers } from '../app/manage-drivers.js';
import type { JobConflicts } from '../app/job-conflicts.js';
import type { ConflictAlerts } from '../app/conflict-alerts.js';
import type { PriceCard } from '@vanhop/contracts';

const priceCard = validated(priceCardSchema, 'body', { what: 'Price card' });
const availabilityBody = validated(availabilitySchema, 'body', { what: 'Availability' });

/**
 * The driver portal's own profile (`/api/driver/me`): a driver token at the gateway and again
 * here; the driver id always comes from the token, never from the path or body, so one driver
 * cannot read or change another's card or hours.
 */
export function driverSelfRoutes(
  app: Express,
  deps: {
    manage: ManageDrivers;
    driverOnly: RequestHandler;
    /** The upcoming jobs new hours leave out: the driver is warned (staff see them flagged on the job). */
    outsideHours?: Pick<JobConflicts, 'outsideHoursFor'>;
    /** The office is alerted of each job the saved hours leave out. */
    alerts?: Pick<ConflictAlerts, 'check'>;
  },
): void {
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
    priceCard,
    route(async (_req, res) => {
      const card = priceCard.of(res);
      res.json(await deps.manage.updateOwnCard(signedInDriver(res).sub, card as PriceCard));
    }),
  );

  app.put(
    '/api/driver/me/availability',
    deps.driverOnly,
    availabilityBody,
    route(async (_req, res) => {
      const availability = availabilityBody.of(res);
      const driverId = signedInDriver(res).sub;
      const saved = await deps.manage.updateOwnAvailability(driverId, availability);
      const jobsOutsideHours = (await deps.outsideHours?.outsideHoursFor(driverId)) ?? [];
      if (jobsOutsideHours.length > 0) await deps.alerts?.check(driverId);
      res.json({ ...saved, jobsOutsideHours });
    }),
  );

  // Before saving: the jobs these hours would leave out, so the driver is warned while they can still change them.
  app.post(
    '/api/driver/me/availability/check',
    deps.driverOnly,
    availabilityBody,
    route(async (_req, res) => {
      const availability = availabilityBody.of(res);
      const driverId = signedInDriver(res).sub;
      const jobsOutsideHours = (await deps.outsideHours?.outsideHoursFor(driverId, availability)) ?? [];
      res.set('Cache-Control', 'no-store').json({ jobsOutsideHours });
    }),
  );
}
