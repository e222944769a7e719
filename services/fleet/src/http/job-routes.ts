import type { Express, RequestHandler } from 'express';
import { reassignJobSchema } from '@vanhop/contracts';
import { route, signedInDriver, signedInStaff, validated } from '@vanhop/platform';
import type { DriverJobs } from '../app/driver-jobs.js';
import type { ReassignJob } from '../app/reassign-job.js';
import { byJobId, jobIdOf } from './job-id-param.js';

const reassignment = validated(reassignJobSchema, 'body', { what: 'Reassignment', emptyWhenAbsent: true });

/**
 * The driver's own jobs (driver token: the job's driver only) and the staff list of jobs that
 * came back. Mounted before the staff driver routes, whose `/:id` would otherwise read "jobs" as an id.
 */
export function jobRoutes(
  app: Express,
  deps: { jobs: DriverJobs; reassign: ReassignJob; staffOnly: RequestHandler; driverOnly: RequestHandler },
): void {
  app.get(
    '/api/drivers/admin/jobs',
    deps.staffOnly,
    route(async (_req, res) => res.json(await deps.jobs.returned())),
  );
  // Reassign a job back with the office: the drivers free for the move with their price, then the choice.
  app.get(
    '/api/drivers/admin/jobs/:id/candidates',
    deps.staffOnly,
    byJobId,
    route(async (_req, res) => res.json(await deps.reassign.candidates(jobIdOf(res)))),
  );
  app.post(
    '/api/drivers/admin/jobs/:id/reassign',
    deps.staffOnly,
    // The body before the id, as this route has always answered.
    reassignment,
    byJobId,
    route(async (_req, res) => {
      const body = reassignment.of(res);
      res.json(
        await deps.reassign.reassign(
          jobIdOf(res),
          body.driverId,
          body.acceptDifference === true,
          signedInStaff(res).username,
          body.confirmNoAccount === true,
        ),
      );
    }),
  );

  app.get(
    '/api/driver/me/jobs',
    deps.driverOnly,
    route(async (_req, res) => res.json(await deps.jobs.forDriver(signedInDriver(res).sub))),
  );
  app.post(
    '/api/driver/me/jobs/:id/accept',
    deps.driverOnly,
    byJobId,
    route(async (_req, res) => res.json(await deps.jobs.accept(signedInDriver(res).sub, jobIdOf(res)))),
  );
  app.post(
    '/api/driver/me/jobs/:id/decline',
    deps.driverOnly,
    byJobId,
    route(async (_req, res) => res.json(await deps.jobs.decline(signedInDriver(res).sub, jobIdOf(res)))),
  );
}
