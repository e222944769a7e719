import type { Express, RequestHandler } from 'express';
import {
  MODERATION_STATUS_MESSAGE,
  moderationQuerySchema,
  reviewIdParamsSchema,
  staffReviewPageQuerySchema,
} from '@vanhop/contracts';
import { input, route, signedInStaff, validated } from '@vanhop/platform';
import type { ModerateReviews } from '../app/moderate-reviews.js';

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
    validated(moderationQuerySchema, 'query', {
      invalid: { message: MODERATION_STATUS_MESSAGE, fields: { status: MODERATION_STATUS_MESSAGE } },
    }),
    route(async (_req, res) => {
      res.json(await deps.moderation.list(input(res, 'query', moderationQuerySchema).status));
    }),
  );

  // One page of one status: `{items, pageSize, next}`, `after` the previous page's `next`.
  app.get(
    '/api/reviews/admin/page',
    deps.staffOnly,
    noStore,
    validated(staffReviewPageQuerySchema, 'query'),
    route(async (_req, res) => {
      res.json(await deps.moderation.page(input(res, 'query', staffReviewPageQuerySchema)));
    }),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/reviews/admin/:id/${action}`,
      deps.staffOnly,
      noStore,
      validated(reviewIdParamsSchema, 'params', {
        invalid: { message: 'Invalid review id', fields: { id: 'Invalid review id' } },
      }),
      route(async (_req, res) => {
        res.json(
          await deps.moderation.decide(
            input(res, 'params', reviewIdParamsSchema).id,
            status,
            signedInStaff(res).username,
          ),
        );
      }),
    );
  }
}
