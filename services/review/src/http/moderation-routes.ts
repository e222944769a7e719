import type { Express, RequestHandler } from 'express';
import { route, signedInStaff, ValidationError } from '@vanhop/platform';
import { isModerationFilter, type ModerateReviews } from '../app/moderate-reviews.js';

const REVIEW_ID = /^[\w-]{1,64}$/;

/**
 * Staff moderation (/api/reviews/admin/*): the gateway checks the staff token first, and
 * `staffOnly` checks it again here, because services are reachable inside the cluster.
 */
export function moderationRoutes(app: Express, deps: { moderation: ModerateReviews; staffOnly: RequestHandler }): void {
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  app.get(
    '/api/reviews/admin',
    deps.staffOnly,
    noStore,
    route(async (req, res) => {
      const status = req.query.status ?? 'all';
      if (!isModerationFilter(status)) throw new ValidationError('status must be pending, approved, rejected or all', { status: 'status must be pending, approved, rejected or all' });
      res.json(await deps.moderation.list(status));
    }),
  );

  for (const [action, status] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    app.post(
      `/api/reviews/admin/:id/${action}`,
      deps.staffOnly,
      noStore,
      route(async (req, res) => {
        const id = req.params.id;
        if (typeof id !== 'string' || !REVIEW_ID.test(id)) throw new ValidationError('Invalid review id', { id: 'Invalid review id' });
        res.json(await deps.moderation.decide(id, status, signedInStaff(res).username));
      }),
    );
  }
}
