import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BusStats, HandledCount } from '../ports/bus-stats.js';
import type { Readiness } from './health.js';
import { withTimeout } from '../with-timeout.js';

export interface MetricsOptions {
  /** Exported as `vanhop_ready` (1 or 0), evaluated on each scrape like `/health/ready`. */
  readiness?: Readiness;
  /** Consumer lag and dead letters of this program's consumer group, read on scrape. */
  busStats?: () => Promise<BusStats>;
  /** How long one reading of `busStats` serves scrapes (several Prometheus replicas, a dashboard refresh). */
  busStatsCacheMs?: number;
  /** A reading that takes longer is given up for this scrape: a slow broker must not stall `/metrics`. */
  busStatsTimeoutMs?: number;
  /** Events this process handled per topic and partition (its own share, not the group's). */
  handled?: () => HandledCount[];
  now?: () => number;
}

/** One registry per service so several services can share a process (embedded mode). */
export function createMetrics(service: string, options: MetricsOptions = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  if (options.readiness) readinessGauge(registry, options.readiness);
  if (options.busStats) busGauges(registry, options);
  if (options.handled) handledCounter(registry, options.handled);
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // Route templates keep label cardinality bounded; unmatched paths share one label.
      const route = (req.route?.path as string | undefined) ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      end({ method: req.method, route });
    });
    next();
  };

  /** GET /metrics: the registry in Prometheus' text format. */
  const handler: RequestHandler = async (_req, res, next) => {
    try {
      res.setHeader('Content-Type', registry.contentType);
      res.send(await registry.metrics());
    } catch (err) {
      next(err);
    }
  };

  return { registry, middleware, handler };
}

/**
 * `vanhop_ready` and `vanhop_dependency_up` from one evaluation per scrape: the registry collects
 * both at once, so they share the evaluation in flight rather than pinging every dependency twice.
 */
function readinessGauge(registry: Registry, readiness: Readiness): void {
  let inFlight: ReturnType<Readiness['evaluate']> | null = null;
  const read = () => {
    inFlight ??= readiness.evaluate().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  new Gauge({
    name: 'vanhop_ready',
    help: '1 when every hard dependency answers (as /health/ready), else 0',
    registers: [registry],
    async collect() {
      this.set((await read()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'vanhop_dependency_up',
    help: 'Per readiness check (store, cache, bus, consumers...): 1 when it answers, else 0; optional ones too',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [dependency, answer] of Object.entries((await read()).checks))
        this.set({ dependency }, answer === 'ok' ? 1 : 0);
    },
  });
}

/**
 * `vanhop_consumer_lag` and `vanhop_dead_letters`, from one reading of the bus shared by both
 * gauges and kept for `busStatsCacheMs`. A reading that fails or times out leaves both empty for
 * that scrape (absent, not zero: an alert must not read "no lag" from a broker it cannot reach) and
 * counts in `vanhop_bus_stats_failures_total`.
 */
function busGauges(registry: Registry, options: MetricsOptions): void {
  const now = options.now ?? Date.now;
  const cacheMs = options.busStatsCacheMs ?? 5_000;
  const timeoutMs = options.busStatsTimeoutMs ?? 5_000;
  let reading: { at: number; stats: Promise<BusStats | null> } | null = null;
  const read = (): Promise<BusStats | null> => {
    if (reading && now() - reading.at < cacheMs) return reading.stats;
    const stats = withTimeout(options.busStats!(), timeoutMs).catch(() => {
      failures.inc();
      reading = null; // the next scrape tries again rather than serving the failure
      return null;
    });
    reading = { at: now(), stats };
    return stats;
  };
  const failures = new Counter({
    name: 'vanhop_bus_stats_failures_total',
    help: 'Scrapes that could not read consumer lag and dead letters from the event bus',
    registers: [registry],
    // Waits for this scrape's reading, so a failure counts in the same scrape that lacks the series.
    async collect() {
      await read();
    },
  });
  new Gauge({
    name: 'vanhop_consumer_lag',
    help: 'Messages not yet handled by a consumer group, per topic and partition',
    labelNames: ['group', 'topic', 'partition'],
    registers: [registry],
    async collect() {
      const stats = await read();
      this.reset();
      for (const l of stats?.lag ?? [])
        this.set({ group: l.group, topic: l.topic, partition: String(l.partition) }, l.lag);
    },
  });
  new Gauge({
    name: 'vanhop_dead_letters',
    help: 'Messages parked on <topic>.dlq and not replayed yet (npm run dlq)',
    labelNames: ['topic'],
    registers: [registry],
    async collect() {
      const stats = await read();
      this.reset();
      for (const d of stats?.deadLetters ?? []) this.set({ topic: d.topic }, d.depth);
    },
  });
}

function handledCounter(registry: Registry, handled: () => HandledCount[]): void {
  new Counter({
    name: 'vanhop_events_handled_total',
    help: 'Events this process handled, per topic and partition (each replica its own share of the partitions)',
    labelNames: ['topic', 'partition'],
    registers: [registry],
    collect() {
      this.reset();
      for (const h of handled()) this.inc({ topic: h.topic, partition: String(h.partition) }, h.count);
    },
  });
}
