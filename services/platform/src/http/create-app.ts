import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.js';
import { redactLinkTokens } from '../signed-link.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthRouter, liveness, type Readiness } from './health.js';
import { createMetrics } from './metrics.js';
import type { BusStats, HandledCount } from '../ports/bus-stats.js';
import { refuseDeepJson } from './json-depth.js';
import { answerWritesWithoutEtag } from './json-answer.js';
import { jsonBody } from './json-body.js';

/**
 * pino-http request serializer: signed customer links carry their credential in the path
 * (/api/mymove/<token>), so request logs mask them (gateway and services alike).
 */
export const linkSafeRequest = (req: { url?: string; params?: Record<string, string> }) => {
  if (req.url) req.url = redactLinkTokens(req.url);
  if (req.params)
    req.params = Object.fromEntries(
      Object.entries(req.params).map(([k, v]) => [k, typeof v === 'string' ? redactLinkTokens(v) : v]),
    );
  return req;
};

export interface RequestWithRawBody extends IncomingMessage {
  rawBody?: Buffer;
}

/** A request id of our own format, or null: anything else a client sends is replaced. */
const wellFormedId = (value: unknown): string | null =>
  typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? value : null;

/**
 * Request ids and JSON request logs (pino-http): the id a client sent when well formed, else a new
 * one, on the response and on `req.id`; `forwardRequestId` also writes it into the request headers
 * so a proxy passes it on. At LOG_LEVEL=silent nothing could ever be written, so no per-request
 * logger is built (pino-http's child logger, serializers and redaction were a few per cent of a
 * request): `req.log` is then the service's own (silent) logger.
 */
export function requestLogging(logger: Logger, options: { forwardRequestId?: boolean } = {}): RequestHandler {
  const assignId = (req: IncomingMessage, res: ServerResponse): string => {
    const id = wellFormedId(req.headers['x-request-id']) ?? randomUUID();
    if (options.forwardRequestId) req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    return id;
  };
  if (logger.levelVal === Infinity) {
    return (req, res, next) => {
      req.id = assignId(req, res);
      req.log = logger;
      next();
    };
  }
  return pinoHttp({
    logger,
    genReqId: assignId,
    autoLogging: { ignore: (req) => req.url?.startsWith('/health') ?? false },
    serializers: { req: linkSafeRequest },
  });
}

export interface AppBaseOptions {
  service: string;
  logger: Logger;
  readiness: Readiness;
  /** Runs before anything else (the gateway canonicalises paths before health or routing sees them). */
  first?: RequestHandler[];
  /** The gateway: the request id also goes upstream in the request headers. */
  forwardRequestId?: boolean;
  /**
   * The gateway: readiness and metrics are served by this app instead (see createOpsApp), on a
   * port the Ingress does not route; the public app keeps `/health/live` alone, for the probes.
   */
  ops?: Express;
  /**
   * Whose X-Forwarded-For to believe (Express's `trust proxy`). Services: peers on private
   * networks (the gateway, which sends the client address it determined and nothing else). The
   * gateway: only what TRUST_PROXY names, nothing by default.
   */
  trustProxy?: boolean | number | string[];
  /** This program's consumer lag and dead letters, exported on `/metrics` (services with a bus). */
  busStats?: () => Promise<BusStats>;
  /** Events this process handled per partition, exported on `/metrics` (services with a bus). */
  handled?: () => HandledCount[];
}

/** An app for health and metrics alone, on its own port: nothing else is answered there. */
export function createOpsApp(): Express {
  const ops = express();
  ops.disable('x-powered-by');
  return ops;
}

/**
 * What every HTTP process of the product starts from, gateway and services alike: no
 * x-powered-by, proxies on private networks trusted for the client address (unless `trustProxy`
 * says otherwise), health and metrics endpoints (or, with `ops`, liveness only and the rest
 * there), request metrics, request ids and request logs.
 */
export function createAppBase(options: AppBaseOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  answerWritesWithoutEtag(app);
  app.set('trust proxy', options.trustProxy ?? 'loopback, linklocal, uniquelocal');
  for (const handler of options.first ?? []) app.use(handler);
  const metrics = createMetrics(options.service, {
    readiness: options.readiness,
    busStats: options.busStats,
    handled: options.handled,
  });
  // While draining for a shutdown, every answer closes its connection: a client or load balancer
  // holding a keep-alive connection opens its next one to a replica that is staying.
  app.use((_req, res, next) => {
    if (options.readiness.isShuttingDown) res.setHeader('Connection', 'close');
    next();
  });
  // Mounted on their paths: every other request passes them with one path check.
  const ops = options.ops ?? app;
  ops.use('/health', healthRouter(options.service, options.readiness));
  ops.get('/metrics', metrics.handler);
  if (options.ops) {
    options.ops.use(notFoundHandler);
    app.get('/health/live', liveness(options.service));
    app.use(['/health', '/metrics'], notFoundHandler);
  }
  app.use(metrics.middleware);
  app.use(requestLogging(options.logger, { forwardRequestId: options.forwardRequestId }));
  return app;
}

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness: Readiness;
  bodyLimitBytes: number;
  busStats?: () => Promise<BusStats>;
  handled?: () => HandledCount[];
  /** Mounts the service's routes (they use full `/api/...` paths, as the gateway forwards them). */
  routes: (app: Express) => void;
}

/**
 * The standard service app: the app base (request ids and JSON logs, health and metrics
 * endpoints), a body size limit, JSON bodies nested too deeply refused, the raw body kept for
 * signature checks (Stripe), and the one error handler last.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = createAppBase(options);
  app.set('query parser', 'extended');
  app.use(
    jsonBody({
      limit: options.bodyLimitBytes,
      verify: (req, buf) => {
        (req as RequestWithRawBody).rawBody = buf;
      },
    }),
  );
  app.use(refuseDeepJson);
  app.use(express.urlencoded({ extended: false, limit: options.bodyLimitBytes }));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}

/** Wraps an async route so its rejections reach the error handler. */
export const route =
  (
    fn: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<unknown>,
  ): express.RequestHandler =>
  (req, res, next) => {
    fn(req, res, next).catch(next);
  };
