import { randomInt } from 'node:crypto';
import { OutboxRelay, requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type BookingConfig } from './config.js';
import { bookingRoutes } from './http/routes.js';
import { adminRoutes } from './http/admin-routes.js';
import { BOOKINGS, internalRoutes } from './http/internal-routes.js';
import { bookingSubscriptions } from './consumers/index.js';
import { RecordPayment } from './app/record-payment.js';
import { MarkReviewRequested } from './app/mark-review-requested.js';
import { SaveQuote } from './app/save-quote.js';
import { HttpQuotePricer } from './adapters/quote-client.js';
import type { StoredBooking } from './domain/booking-record.js';

export const bookingService: ServiceDefinition<BookingConfig> = {
  name: 'booking',
  loadConfig,
  build(infra, config) {
    const bookings = infra.store.collection<StoredBooking>(BOOKINGS);
    // Publishes events parked on booking records (QuoteSaved, BookingConfirmed, ...); see platform OutboxRelay.
    const relay = new OutboxRelay(infra.store, [BOOKINGS], infra.bus, infra.logger);
    const recordPayment = new RecordPayment(infra.store, infra.clock, infra.logger, () => void relay.kick());
    const saveQuote = new SaveQuote({
      bookings,
      pricer: new HttpQuotePricer(config.quoteServiceUrl, config.quoteTimeoutMs),
      clock: infra.clock,
      randomInt,
      onSaved: () => void relay.kick(),
    });
    return {
      routes: (app) => {
        bookingRoutes(app, { bookings, saveQuote, cache: infra.cache, retrieveRateLimitPerMinute: config.retrieveRateLimitPerMinute });
        adminRoutes(app, { store: infra.store, clock: infra.clock, staffOnly: requireStaff(config.jwt, infra.clock) });
        internalRoutes(app, { store: infra.store, saveQuote });
      },
      subscriptions: bookingSubscriptions({ recordPayment, markReviewRequested: new MarkReviewRequested(infra.store, infra.clock, infra.logger) }),
      start: async () => {
        // Codes identify records for retrieval: two records must never share one.
        await bookings.ensureIndex({ fields: { randomNumber: 1 }, unique: true });
        await relay.start();
      },
      stop: () => relay.stop(),
    };
  },
};
