import type { Express, RequestHandler } from 'express';
import { route } from '@vanhop/platform';
import type { UnconfirmedAlerts } from '../app/unconfirmed-alerts.js';
import { toView } from '../app/driver-jobs.js';

/**
 * Staff's list of moves starting within hours with no accepted driver (each already mailed to the
 * office). Mounted before the job routes, whose `/:id` would otherwise read the path as a job id.
 */
export function unconfirmedRoutes(app: Express, deps: { alerts: UnconfirmedAlerts; staffOnly: RequestHandler }): void {
  app.get(
    '/api/drivers/admin/jobs/unconfirmed-soon',
    deps.staffOnly,
    route(async (_req, res) => {
      await deps.alerts.sweep();
      res.set('Cache-Control', 'no-store').json((await deps.alerts.flagged()).map((j) => toView(j)));
    }),
  );
}
