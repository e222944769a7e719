import type { Express, RequestHandler } from 'express';
import { jobDoneRequestSchema, jobProgressRequestSchema, type JobProgressStep } from '@vanhop/contracts';
import { route, signedInDriver, validate, ValidationError } from '@vanhop/platform';
import type { JobProgress } from '../app/job-progress.js';
import type { JobCall } from '../app/job-call.js';

const bookingIdParam = (v: unknown): string => {
  if (typeof v !== 'string' || !/^[\w-]{1,64}$/.test(v))
    throw new ValidationError('Invalid job id', { id: 'Invalid job id' });
  return v;
};

/**
 * The driver's day of the move on their own job (driver token; another driver's job is 404): the
 * steps ("done" with its photos and signature in the same request) and the masked call; staff read
 * the proof of delivery.
 */
export function jobProgressRoutes(
  app: Express,
  deps: { progress: JobProgress; call: JobCall; driverOnly: RequestHandler; staffOnly: RequestHandler },
): void {
  app.post(
    '/api/driver/me/jobs/:id/progress',
    deps.driverOnly,
    route(async (req, res) => {
      const id = bookingIdParam(req.params.id);
      const body = await validate(jobProgressRequestSchema, req.body ?? {}, 'Progress');
      const step = body.step as JobProgressStep;
      const proof = step === 'done' ? await validate(jobDoneRequestSchema, req.body, 'Done') : undefined;
      res.json(
        await deps.progress.mark(
          signedInDriver(res).sub,
          id,
          step,
          proof && { photos: proof.photos, signature: proof.signature, signedBy: proof.signedBy },
        ),
      );
    }),
  );
  app.post(
    '/api/driver/me/jobs/:id/call',
    deps.driverOnly,
    route(async (req, res) => res.json(await deps.call.call(signedInDriver(res).sub, bookingIdParam(req.params.id)))),
  );
  app.get(
    '/api/drivers/admin/jobs/:id/proof',
    deps.staffOnly,
    route(async (req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.progress.proof(bookingIdParam(req.params.id))),
    ),
  );
}
