import type { Express } from 'express';
import { route, UnauthorizedError, ValidationError } from '@vanhop/platform';
import type { ListReviews } from '../app/list-reviews.js';
import type { RequestReview } from '../app/request-review.js';

/** Set by the gateway after it verified the admin JWT. */
const ADMIN_USER_HEADER = 'x-admin-username';
const BOOKING_ID = /^[\w-]{1,64}$/;

export function reviewRoutes(app: Express, deps: { listReviews: ListReviews; requestReview: RequestReview }): void {
  app.get(
    '/api/google/review',
    route(async (_req, res) => {
      res.json({ result: { reviews: await deps.listReviews.execute() } });
    }),
  );

  app.post(
    '/api/backdata/review/:id',
    route(async (req, res) => {
      const admin = req.headers[ADMIN_USER_HEADER];
      if (typeof admin !== 'string' || admin.trim() === '') throw new UnauthorizedError('Admin sign-in required');
      const id = req.params.id;
      if (typeof id !== 'string' || !BOOKING_ID.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
      res.json(await deps.requestReview.execute(id, admin.trim(), req.id as string | undefined));
    }),
  );
}
