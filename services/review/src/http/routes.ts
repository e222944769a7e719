import type { Express, RequestHandler } from 'express';
import { route, signedInStaff, ValidationError } from '@vanhop/platform';
import type { ListReviews } from '../app/list-reviews.js';
import type { RequestReview } from '../app/request-review.js';

const BOOKING_ID = /^[\w-]{1,64}$/;

export function reviewRoutes(app: Express, deps: { listReviews: ListReviews; requestReview: RequestReview; staffOnly: RequestHandler }): void {
  app.get(
    '/api/google/review',
    route(async (_req, res) => {
      res.json({ result: { reviews: await deps.listReviews.execute() } });
    }),
  );

  app.post(
    '/api/backdata/review/:id',
    deps.staffOnly,
    route(async (req, res) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !BOOKING_ID.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
      res.json(await deps.requestReview.execute(id, signedInStaff(res).username, req.id as string | undefined));
    }),
  );
}
