import { OutboxRelay, requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type ReviewConfig } from './config.js';
import { SeededReviews } from './adapters/seeded-reviews.js';
import { GooglePlaceDetailsReviews } from './adapters/google-place-details.js';
import { BookingHttpLookup } from './adapters/booking-http-lookup.js';
import { CachedReviews } from './app/cached-reviews.js';
import { ListReviews } from './app/list-reviews.js';
import { REVIEW_REQUESTS, RequestReview } from './app/request-review.js';
import { reviewRoutes } from './http/routes.js';
import { reviewSubscriptions } from './consumers/index.js';

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
    const listReviews = new ListReviews(source);
    const relay = new OutboxRelay(infra.store, [REVIEW_REQUESTS], infra.bus, infra.logger);
    const requestReview = new RequestReview(infra.store, new BookingHttpLookup(config.bookingServiceUrl), relay, infra.clock);
    return {
      routes: (app) => reviewRoutes(app, { listReviews, requestReview, staffOnly: requireStaff(config.jwt, infra.clock) }),
      subscriptions: reviewSubscriptions(),
      start: () => relay.start(),
      stop: () => relay.stop(),
    };
  },
};
