import { LinkSigner, requireStaff, serviceOutboxRelay, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type ReviewConfig } from './config.js';
import { SeededReviews } from './adapters/seeded-reviews.js';
import { GooglePlaceDetailsReviews } from './adapters/google-place-details.js';
import { BookingHttpLookup } from './adapters/booking-http-lookup.js';
import { CachedReviews } from './app/cached-reviews.js';
import { ListReviews } from './app/list-reviews.js';
import { RequestReview } from './app/request-review.js';
import { CustomerReviewRepository, ReviewRequestRepository } from './adapters/review-repositories.js';
import { reviewRoutes } from './http/routes.js';
import { reviewSubscriptions } from './consumers/index.js';
import { ReviewLinks } from './domain/review-links.js';
import { SubmitReview } from './app/submit-review.js';
import { ModerateReviews } from './app/moderate-reviews.js';
import { customerReviewRoutes } from './http/customer-review-routes.js';
import { moderationRoutes } from './http/moderation-routes.js';
import { AutoReviewRepository } from './adapters/auto-review-repository.js';
import { AutoReviewRequest } from './app/auto-review-request.js';
import { DriverRatingTallies } from './adapters/driver-rating-tallies.js';
import { FollowDriverRatings } from './app/follow-driver-ratings.js';

export const reviewService: ServiceDefinition<ReviewConfig> = {
  name: 'review',
  loadConfig,
  build(infra, config) {
    const source = config.google
      ? new CachedReviews(new GooglePlaceDetailsReviews(config.google), infra.cache, infra.logger, {
          freshSeconds: config.reviewsCacheSeconds,
          staleSeconds: Math.max(config.reviewsStaleSeconds, config.reviewsCacheSeconds),
        })
      : new SeededReviews(() => infra.clock.now());
    const requests = new ReviewRequestRepository(infra.store);
    const reviews = new CustomerReviewRepository(infra.store);
    const tallies = new DriverRatingTallies(infra.store);
    const relay = serviceOutboxRelay(infra, [requests.collectionName, tallies.collectionName]);
    const followRatings = new FollowDriverRatings(reviews, tallies, relay, infra.clock, infra.logger);
    const moderation = new ModerateReviews(reviews, infra.clock, infra.logger, {
      follow: (id) => followRatings.follow(id),
      tallies,
    });
    const listReviews = new ListReviews(source, () => moderation.approvedFeed(), infra.logger);
    if (config.reviewLink.generated)
      infra.logger.warn('REVIEW_LINK_SECRET is not set: review links stop working when this process restarts');
    const links = new ReviewLinks(new LinkSigner(config.reviewLink.secret, 'review'));
    const requestReview = new RequestReview(
      requests,
      new BookingHttpLookup(config.bookingServiceUrl),
      relay,
      infra.clock,
      links,
    );
    const submitReview = new SubmitReview(requests, reviews, links, infra.clock);
    const staffOnly = requireStaff(config.jwt, infra.clock);
    const autoSchedule = new AutoReviewRepository(infra.store);
    const autoReview = new AutoReviewRequest({
      schedule: autoSchedule,
      requestReview,
      clock: infra.clock,
      logger: infra.logger,
    });
    const sweepAutoReviews = () =>
      autoReview.sweep().catch((err) => infra.logger.warn({ err: String(err) }, 'automatic review sweep failed'));
    let autoSweeper: NodeJS.Timeout | undefined;
    return {
      routes: (app) => {
        reviewRoutes(app, { listReviews, requestReview, staffOnly });
        customerReviewRoutes(app, {
          submitReview,
          moderation,
          cache: infra.cache,
          perHour: config.submitRateLimitPerHour,
        });
        moderationRoutes(app, { moderation, staffOnly });
      },
      subscriptions: reviewSubscriptions({ autoReview }),
      start: async () => {
        await reviews.ensureIndexes();
        await autoSchedule.ensureIndexes();
        await relay.start();
        // Decisions a stopped process left half followed, then (once per store) the reviews approved
        // before the tallies existed, so the ratings served are whole once the service is up.
        await followRatings
          .sweep()
          .then(() => followRatings.backfill())
          .catch((err) => infra.logger.warn({ err: String(err) }, 'driver rating tallies not brought in step yet'));
        // The next-morning review requests: state in the store, so at start-up too, then on an interval.
        void sweepAutoReviews();
        autoSweeper = setInterval(() => void sweepAutoReviews(), config.autoReviewSweepMs);
        autoSweeper.unref();
      },
      stop: async () => {
        clearInterval(autoSweeper);
        await relay.stop();
      },
    };
  },
};
