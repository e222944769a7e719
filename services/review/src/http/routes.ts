import type { Express } from 'express';
import { route } from '@vanhop/platform';
import type { ListReviews } from '../app/list-reviews.js';

export function reviewRoutes(app: Express, deps: { listReviews: ListReviews }): void {
  app.get(
    '/api/google/review',
    route(async (_req, res) => {
      res.json({ result: { reviews: await deps.listReviews.execute() } });
    }),
  );
}
