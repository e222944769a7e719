import type { Express, RequestHandler } from 'express';
import { vanPositionSchema } from '@vanhop/contracts';
import { route, signedInDriver, validated } from '@vanhop/platform';
import type { VanLocation } from '../app/van-location.js';
import { byJobId, jobIdOf } from './job-id-param.js';

const noStore: RequestHandler = (_req, res, next) => {
  // Where someone is right now: never kept by a cache.
  res.set('Cache-Control', 'no-store');
  next();
};

const position = validated(vanPositionSchema, 'body', { what: 'Position', emptyWhenAbsent: true });

/**
 * The van on the map: the driver's phone sends its position on their own job (driver token; another
 * driver's job is 404, outside "On my way" 409); staff and the booking service (for the customer's
 * My move link, under /internal, never proxied) read the latest.
 */
export function vanLocationRoutes(
  app: Express,
  deps: { van: VanLocation; driverOnly: RequestHandler; staffOnly: RequestHandler },
): void {
  app.post(
    '/api/driver/me/jobs/:id/position',
    deps.driverOnly,
    byJobId,
    position,
    route(async (_req, res) => {
      await deps.van.share(signedInDriver(res).sub, jobIdOf(res), position.of(res));
      res.status(204).end();
    }),
  );
  app.get(
    '/api/drivers/admin/jobs/:id/van',
    deps.staffOnly,
    byJobId,
    noStore,
    route(async (_req, res) => res.json(await deps.van.read(jobIdOf(res)))),
  );
  // vanLocationInternalPath in contracts.
  app.get(
    '/internal/jobs/:id/van',
    byJobId,
    noStore,
    route(async (_req, res) => res.json(await deps.van.read(jobIdOf(res)))),
  );
}
