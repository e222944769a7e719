import type { Express, RequestHandler } from 'express';
import { route } from '@vanhop/platform';
import type { JobConflicts } from '../app/job-conflicts.js';
import { byJobId, jobIdOf } from './job-id-param.js';

/** Staff read what stands in the way of a job (its record shows the flags). */
export function jobConflictRoutes(app: Express, deps: { conflicts: JobConflicts; staffOnly: RequestHandler }): void {
  app.get(
    '/api/drivers/admin/jobs/:id/conflicts',
    deps.staffOnly,
    byJobId,
    route(async (_req, res) => res.json(await deps.conflicts.of(jobIdOf(res)))),
  );
}
