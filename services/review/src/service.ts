import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type ReviewConfig } from './config.js';
import { SeededReviews } from './adapters/seeded-reviews.js';
import { ListReviews } from './app/list-reviews.js';
import { reviewRoutes } from './http/routes.js';
import { reviewSubscriptions } from './consumers/index.js';

export const reviewService: ServiceDefinition<ReviewConfig> = {
  name: 'review',
  loadConfig,
  build(infra) {
    const listReviews = new ListReviews(new SeededReviews(() => infra.clock.now()));
    return {
      routes: (app) => reviewRoutes(app, { listReviews }),
      subscriptions: reviewSubscriptions(),
    };
  },
};
