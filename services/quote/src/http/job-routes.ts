import type { Express, RequestHandler } from 'express';
import { reassignJobSchema } from '@vanhop/contracts';
import { route, signedInDriver, signedInStaff, validate, ValidationError } from '@vanhop/platform';
import type { DriverJobs } from '../app/driver-jobs.js';
import type { ReassignJob } from '../app/reassign-job.js';

const bookingIdParam = (v: unknown): string => {
  if (typeof v !== 'string' || !/^[\w-]{1,64}$/.test(v))
    throw new ValidationError('Invalid job id', { id: 'Invalid job id' });
  return v;
};

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
    route(async (req, res) => res.json(await deps.reassign.candidates(bookingIdParam(req.params.id)))),
  );
  app.post(
    '/api/drivers/admin/jobs/:id/reassign',
    deps.staffOnly,
    route(async (req, res) => {
      const body = await validate(reassignJobSchema, req.body ?? {}, 'Reassignment');
      res.json(
        await deps.reassign.reassign(
          bookingIdParam(req.params.id),
          body.driverId,
          body.acceptDifference === true,
          signedInStaff(res).username,
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
    route(async (req, res) => res.json(await deps.jobs.accept(signedInDriver(res).sub, bookingIdParam(req.params.id)))),
  );
  app.post(
    '/api/driver/me/jobs/:id/decline',
    deps.driverOnly,
    route(async (req, res) =>
      res.json(await deps.jobs.decline(signedInDriver(res).sub, bookingIdParam(req.params.id))),
    ),
  );
}
