import type { ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type QuoteConfig } from './config.js';
import { createGeo } from './adapters/create-geo.js';
import { DriverRepository } from './adapters/driver-repository.js';
import { PriceMove } from './app/price-move.js';
import { DEMO_DRIVERS } from './domain/demo-drivers.js';
import { quoteRoutes } from './http/routes.js';
import { internalQuoteRoutes } from './http/internal-routes.js';
import { quoteSubscriptions } from './consumers/index.js';

export const quoteService: ServiceDefinition<QuoteConfig> = {
  name: 'quote',
  loadConfig,
  build(infra, config) {
    const { geo } = createGeo(config, infra.cache);
    const drivers = new DriverRepository(infra.store);
    const priceMove = new PriceMove({ geo, drivers, clock: infra.clock });
    return {
      routes: (app) => {
        quoteRoutes(app, { priceMove, geo });
        internalQuoteRoutes(app, { priceMove, drivers });
      },
      subscriptions: quoteSubscriptions(),
      async start() {
        if (config.seedDemoDrivers) {
          const added = await drivers.seed(DEMO_DRIVERS);
          if (added) infra.logger.info({ added }, 'demo drivers seeded');
        }
      },
    };
  },
};
