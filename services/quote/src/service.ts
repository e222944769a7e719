import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type QuoteConfig } from './config.js';
import { quoteRoutes } from './http/routes.js';
import { quoteSubscriptions } from './consumers/index.js';

export const quoteService: ServiceDefinition<QuoteConfig> = {
  name: 'quote',
  loadConfig,
  build() {
    return { routes: (app) => quoteRoutes(app), subscriptions: quoteSubscriptions() };
  },
};
