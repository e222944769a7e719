import type { Express, RequestHandler } from 'express';
import {
  MODERATION_STATUS_MESSAGE,
  moderationQuerySchema,
  reviewIdParamsSchema,
  staffReviewPageQuerySchema,
} from '@vanhop/contracts';
import { route, signedInStaff, validated } from '@vanhop/platform';
import type { ModerateReviews } from '../app/moderate-reviews.js';

const statusQuery = validated(moderationQuerySchema, 'query', {
  invalid: { message: MODERATION_STATUS_MESSAGE, fields: { status: MODERATION_STATUS_MESSAGE } },
});
const pageQuery = validated(staffReviewPageQuerySchema, 'query');
const byReviewId = validated(reviewIdParamsSchema, 'params', {
  invalid: { message: 'Invalid review id', fields: { id: 'Invalid review id' } },
});

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
    statusQuery,
    route(async (_req, res) => {
      res.json(await deps.moderation.list(statusQuery.of(res).status));
    }),
  );

  // One page of one status: `{items, pageSize, next}`, `after` the previous page's `next`.
  app.get(
    '/api/reviews/admin/page',
    deps.staffOnly,
    noStore,
    pageQuery,
    route(async (_req, res) => {
      res.json(await deps.moderation.page(pageQuery.of(res)));
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
      byReviewId,
      route(async (_req, res) => {
        res.json(await deps.moderation.decide(byReviewId.of(res).id, status, signedInStaff(res).username));
      }),
    );
  }
}
