import type { Express, RequestHandler } from 'express';
import { route } from '@vanhop/platform';
import type { BusinessFiguresModel } from '../app/business-figures.js';

/** GET /api/dashboard/business: the staff dashboard's charts (a staff token at the gateway and here). */
export function businessFiguresRoutes(
  app: Express,
  deps: { figures: BusinessFiguresModel; staffOnly: RequestHandler },
): void {
  app.get(
    '/api/dashboard/business',
    deps.staffOnly,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.figures.read());
    }),
  );
}
