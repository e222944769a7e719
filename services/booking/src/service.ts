import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type BookingConfig } from './config.js';
import { bookingRoutes } from './http/routes.js';
import { adminRoutes } from './http/admin-routes.js';
import { internalRoutes } from './http/internal-routes.js';
import { bookingSubscriptions } from './consumers/index.js';

export const bookingService: ServiceDefinition<BookingConfig> = {
  name: 'booking',
  loadConfig,
  build(infra) {
    return {
      routes: (app) => {
        bookingRoutes(app, { store: infra.store });
        adminRoutes(app, { store: infra.store, clock: infra.clock });
        internalRoutes(app, { store: infra.store });
      },
      subscriptions: bookingSubscriptions(),
    };
  },
};
