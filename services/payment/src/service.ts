import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type PaymentConfig } from './config.js';
import { paymentRoutes } from './http/routes.js';
import { paymentSubscriptions } from './consumers/index.js';

export const paymentService: ServiceDefinition<PaymentConfig> = {
  name: 'payment',
  loadConfig,
  build() {
    return { routes: (app) => paymentRoutes(app), subscriptions: paymentSubscriptions() };
  },
};
