import type { Express } from 'express';
import { chooseDriverSchema } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { ReassignJob } from '../app/reassign-job.js';
import { byJobId, jobIdOf } from './job-id-param.js';

const driverChoice = validated(chooseDriverSchema, 'body', { what: 'Driver choice' });

/**
 * The customer's choice of another driver after a change, for the booking service (which checks the
 * customer's My move link and the open window first): the free drivers, then the choice. Under
 * /internal, which the gateway never proxies (paths as INTERNAL_DRIVER_CHOICE_PATHS writes them).
 */
export function driverChoiceRoutes(app: Express, deps: { reassign: ReassignJob }): void {
  app.get(
    '/internal/jobs/:id/free-drivers',
    byJobId,
    route(async (_req, res) => res.json(await deps.reassign.freeForCustomer(jobIdOf(res)))),
  );
  app.post(
    '/internal/jobs/:id/customer-choice',
    byJobId,
    driverChoice,
    route(async (_req, res) =>
      res.json(await deps.reassign.chooseForCustomer(jobIdOf(res), driverChoice.of(res).driverId)),
    ),
  );
}
