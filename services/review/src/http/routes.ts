import type { Express, RequestHandler } from 'express';
import { bookingIdParamsSchema } from '@vanhop/contracts';
import { route, signedInStaff, validated } from '@vanhop/platform';
import type { ListReviews } from '../app/list-reviews.js';
import type { RequestReview } from '../app/request-review.js';

const byBookingId = validated(bookingIdParamsSchema, 'params', {
  invalid: { message: 'Invalid booking id', fields: { id: 'Invalid booking id' } },
});

export function reviewRoutes(
  app: Express,
  deps: { listReviews: ListReviews; requestReview: RequestReview; staffOnly: RequestHandler },
): void {
  app.get(
    '/api/google/review',
    route(async (_req, res) => {
      res.json({ result: { reviews: await deps.listReviews.execute() } });
    }),
  );

  app.post(
    '/api/backdata/review/:id',
    deps.staffOnly,
    byBookingId,
    route(async (req, res) => {
      const { id } = byBookingId.of(res);
      res.json(await deps.requestReview.execute(id, signedInStaff(res).username, req.id as string | undefined));
    }),
  );
}
