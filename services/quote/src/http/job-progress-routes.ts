import type { Express, RequestHandler } from 'express';
import { jobProgressRequestSchema, type JobProgressStep } from '@vanhop/contracts';
import { route, signedInDriver, validate, ValidationError } from '@vanhop/platform';
import type { JobProgress } from '../app/job-progress.js';

const bookingIdParam = (v: unknown): string => {
  if (typeof v !== 'string' || !/^[\w-]{1,64}$/.test(v)) throw new ValidationError('Invalid job id', { id: 'Invalid job id' });
  return v;
};

/** The driver marks a step of the move day on their own job (driver token; another driver's job is 404). */
export function jobProgressRoutes(app: Express, deps: { progress: JobProgress; driverOnly: RequestHandler }): void {
  app.post(
    '/api/driver/me/jobs/:id/progress',
    deps.driverOnly,
    route(async (req, res) => {
      const id = bookingIdParam(req.params.id);
      const body = await validate(jobProgressRequestSchema, req.body ?? {}, 'Progress');
      res.json(await deps.progress.mark(signedInDriver(res).sub, id, body.step as JobProgressStep));
    }),
  );
}
