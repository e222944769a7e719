import type { Express, RequestHandler } from 'express';
import { driverProfileParamsSchema, driverRatingsQuerySchema, reviewSubmissionSchema } from '@vanhop/contracts';
import { rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { SubmitReview } from '../app/submit-review.js';
import type { ModerateReviews } from '../app/moderate-reviews.js';

/** Opening the page is cheap; this only stops a client guessing at links. */
const VIEWS_PER_MINUTE = 60;

const ratingsQuery = validated(driverRatingsQuerySchema, 'query');
const byDriver = validated(driverProfileParamsSchema, 'params', { what: 'Driver' });
const submission = validated(reviewSubmissionSchema, 'body', { what: 'Review' });

/**
 * The customer's review page behind its signed link (/api/reviews/link/:token), the named drivers'
 * ratings from VanHop's reviews (/api/reviews/drivers?ids=…), and one driver's newest approved
 * reviews for their profile (/api/reviews/drivers/:driverId).
 */
export function customerReviewRoutes(
  app: Express,
  deps: { submitReview: SubmitReview; moderation: ModerateReviews; cache: Cache; perHour: number },
): void {
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  app.get(
    '/api/reviews/drivers',
    ratingsQuery,
    route(async (_req, res) => {
      const ids = [...new Set(ratingsQuery.of(res).ids.split(','))];
      // Public, and a minute stale at most anyway.
      res.set('Cache-Control', 'public, max-age=60').json(await deps.moderation.ratingsOf(ids));
    }),
  );

  app.get(
    '/api/reviews/drivers/:driverId',
    byDriver,
    route(async (_req, res) => {
      const { driverId } = byDriver.of(res);
      res.set('Cache-Control', 'public, max-age=60').json(await deps.moderation.driverReviews(driverId));
    }),
  );

  app.get(
    '/api/reviews/link/:token',
    rateLimit(deps.cache, { name: 'review-view', limit: VIEWS_PER_MINUTE, windowSeconds: 60 }),
    noStore,
    route(async (req, res) => {
      res.json(await deps.submitReview.view(req.params.token));
    }),
  );

  app.post(
    '/api/reviews/link/:token',
    rateLimit(deps.cache, { name: 'review-submit', limit: deps.perHour, windowSeconds: 3600 }),
    noStore,
    submission,
    route(async (req, res) => {
      res.status(201).json(await deps.submitReview.submit(req.params.token, submission.of(res)));
    }),
  );
}
