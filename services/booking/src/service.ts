import { OutboxRelay, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type BookingConfig } from './config.js';
import { bookingRoutes } from './http/routes.js';
import { adminRoutes } from './http/admin-routes.js';
import { internalRoutes } from './http/internal-routes.js';
import { bookingSubscriptions } from './consumers/index.js';
import { RecordPayment } from './app/record-payment.js';

export const bookingService: ServiceDefinition<BookingConfig> = {
  name: 'booking',
  loadConfig,
  build(infra) {
    // Publishes events parked on booking records (BookingConfirmed, ...); see platform OutboxRelay.
    const relay = new OutboxRelay(infra.store, ['bookings'], infra.bus, infra.logger);
    const recordPayment = new RecordPayment(infra.store, infra.clock, infra.logger, () => void relay.kick());
    return {
      routes: (app) => {
        bookingRoutes(app, { store: infra.store });
        adminRoutes(app, { store: infra.store, clock: infra.clock });
        internalRoutes(app, { store: infra.store });
      },
      subscriptions: bookingSubscriptions({ recordPayment }),
      start: () => relay.start(),
      stop: () => relay.stop(),
    };
  },
};
