import type { Express } from 'express';
import {
  scheduleHistoryPruning,
  serviceOutboxRelay,
  type Infrastructure,
  type ServiceDefinition,
} from '@vanhop/platform';
import { loadConfig, type QuoteConfig } from './config.js';
import { createGeo } from './adapters/create-geo.js';
import { EveryCandidate } from './app/every-candidate.js';
import { quoteRoutes } from './http/routes.js';
import { internalQuoteRoutes } from './http/internal-routes.js';
import { supplySeamRoutes } from './http/supply-seam-routes.js';
import { PRICED_QUOTE_DAYS, PricedQuoteDayRepository } from './adapters/priced-quote-days.js';
import { PricedQuoteTally } from './app/priced-quote-tally.js';
import { supplySubscriptions } from './consumers/supply.js';
import { supplyReadModel } from './supply-parts.js';

/** How often the tally of quotes priced is written: the dashboard's conversion lags by at most this. */
const PRICED_QUOTES_FLUSH_MS = 2_000;

export const quoteService: ServiceDefinition<QuoteConfig> = {
  name: 'quote',
  loadConfig,
  build(infra, config) {
    const parts = composeParts(infra, config);
    const background = backgroundWork(parts, infra, config);
    return {
      routes: (app) => mountRoutes(app, parts),
      subscriptions: supplySubscriptions(parts.supply.model),
      start: background.start,
      stop: background.stop,
    };
  },
};

/**
 * Pricing and what it reads: geocoding and quote's read model of the supply side (supply-parts.ts),
 * fed by the fleet service's events; and what the fleet service asks of pricing: who can take a
 * booked move, ranked.
 */
function composeParts(infra: Infrastructure, config: QuoteConfig) {
  const { clock, logger } = infra;
  const { geo } = createGeo(config, infra.cache);
  const supply = supplyReadModel(infra, geo);
  const relay = serviceOutboxRelay(infra, [PRICED_QUOTE_DAYS]);
  const tally = new PricedQuoteTally({ days: new PricedQuoteDayRepository(infra.store), clock, relay, logger });
  const everyCandidate = new EveryCandidate(supply.priceMove);
  return { geo, supply, relay, tally, everyCandidate };
}

type QuoteParts = ReturnType<typeof composeParts>;

/** The customer's quote and geography routes, then the internal ones other services call. */
function mountRoutes(app: Express, parts: QuoteParts): void {
  const { geo, tally, supply } = parts;
  quoteRoutes(app, { priceMove: supply.priceMove, geo, tally });
  internalQuoteRoutes(app, { priceMove: supply.priceMove, geo });
  supplySeamRoutes(app, { candidates: parts.everyCandidate, geo });
}

/**
 * The indexes before serving, then the work on intervals: the cards poll and the priced-quotes
 * tally; stopped (and the tally written) on the way out.
 */
function backgroundWork(parts: QuoteParts, infra: Infrastructure, config: QuoteConfig) {
  const { logger } = infra;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<unknown>, failed: string) => {
    const timer = setInterval(() => void work().catch((err) => logger.warn({ err: String(err) }, failed)), ms);
    timer.unref();
    timers.push(timer);
  };
  return {
    async start() {
      // No consumer group of this replica's own (one per restart, left on the broker): the store is asked instead.
      every(config.driverCardsPollMs, () => parts.supply.offerCards.pollChanges(), 'offer cards poll failed');
      await parts.supply.ensureIndexes();
      await parts.relay.start();
      every(PRICED_QUOTES_FLUSH_MS, () => parts.tally.flush(), 'priced quotes tally failed');
      scheduleHistoryPruning(every, logger, parts.supply.supplyTime, 'supply time rows');
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await parts.tally.flush();
      await parts.relay.stop();
    },
  };
}
