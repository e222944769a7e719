import type { Express, RequestHandler } from 'express';
import {
  jobDoneRequestSchema,
  jobProgressRequestSchema,
  type DaySettlementMethod,
  type JobProgressStep,
} from '@vanhop/contracts';
import { route, signedInDriver, validate, validated } from '@vanhop/platform';
import type { JobProgress } from '../app/job-progress.js';
import type { JobCall } from '../app/job-call.js';
import { byJobId, jobIdOf } from './job-id-param.js';

const progress = validated(jobProgressRequestSchema, 'body', { what: 'Progress', emptyWhenAbsent: true });

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
    byJobId,
    progress,
    route(async (req, res) => {
      const id = jobIdOf(res);
      const step = progress.of(res).step as JobProgressStep;
      // Only the last step carries proof, so its schema applies once the step is known.
      const proof = step === 'done' ? await validate(jobDoneRequestSchema, req.body, 'Done') : undefined;
      res.json(
        await deps.progress.mark(
          signedInDriver(res).sub,
          id,
          step,
          proof && { photos: proof.photos, signature: proof.signature, signedBy: proof.signedBy },
          proof && {
            ...(proof.collected
              ? {
                  collected: {
                    method: proof.collected.method as DaySettlementMethod,
                    amountPence: proof.collected.amountPence,
                  },
                }
              : {}),
            ...(proof.extras && proof.extras.amountPence > 0
              ? { extras: { amountPence: proof.extras.amountPence, reason: proof.extras.reason ?? '' } }
              : {}),
            ...(proof.times ? { times: proof.times } : {}),
          },
        ),
      );
    }),
  );
  app.post(
    '/api/driver/me/jobs/:id/call',
    deps.driverOnly,
    byJobId,
    route(async (_req, res) => res.json(await deps.call.call(signedInDriver(res).sub, jobIdOf(res)))),
  );
  app.get(
    '/api/drivers/admin/jobs/:id/proof',
    deps.staffOnly,
    byJobId,
    route(async (_req, res) => res.set('Cache-Control', 'no-store').json(await deps.progress.proof(jobIdOf(res)))),
  );
}
