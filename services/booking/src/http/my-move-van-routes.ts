import type { Express } from 'express';
import { rateLimit, route, type Cache } from '@vanhop/platform';
import type { ViewVanLocation } from '../app/view-van-location.js';

/**
 * GET /api/mymove/:token/van: where the driver's van is on the day, for the My move map (asked
 * about every 15 s while the driver is on the way). The signed link is the only credential: any
 * other answers 404 like the page itself.
 */
export function myMoveVanRoutes(app: Express, deps: { van: ViewVanLocation; cache: Cache; perMinute: number }): void {
  const limit = rateLimit(deps.cache, { name: 'my-move-van', limit: deps.perMinute, windowSeconds: 60 });
  app.get(
    '/api/mymove/:token/van',
    limit,
    route(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await deps.van.execute(req.params.token));
    }),
  );
}
