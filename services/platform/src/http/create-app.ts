import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.js';
import { redactLinkTokens } from '../signed-link.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { healthRouter, Readiness } from './health.js';
import { createMetrics } from './metrics.js';

/**
 * pino-http request serializer: signed customer links carry their credential in the path
 * (/api/mymove/<token>), so request logs mask them (gateway and services alike).
 */
export const linkSafeRequest = (req: { url?: string; params?: Record<string, string> }) => {
  if (req.url) req.url = redactLinkTokens(req.url);
  if (req.params) req.params = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, typeof v === 'string' ? redactLinkTokens(v) : v]));
  return req;
};

export interface RequestWithRawBody extends IncomingMessage { rawBody?: Buffer }

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  readiness: Readiness;
  bodyLimitBytes: number;
  /** Mounts the service's routes (they use full `/api/...` paths, as the gateway forwards them). */
  routes: (app: Express) => void;
}

/**
 * The standard service app: request ids and JSON logs, health and metrics endpoints, a body size
 * limit, the raw body kept for signature checks (Stripe), and the one error handler last.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('query parser', 'extended');

  const metrics = createMetrics(options.service);
  app.use(healthRouter(options.service, options.readiness));
  app.use(metrics.router);
  app.use(metrics.middleware);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith('/health') ?? false },
      serializers: { req: linkSafeRequest },
    }),
  );
  app.use(
    express.json({
      limit: options.bodyLimitBytes,
      verify: (req, _res, buf) => {
        (req as RequestWithRawBody).rawBody = buf;
      },
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: options.bodyLimitBytes }));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}

/** Wraps an async route so its rejections reach the error handler. */
export const route =
  (fn: (req: express.Request, res: express.Response, next: express.NextFunction) => Promise<unknown>): express.RequestHandler =>
  (req, res, next) => {
    fn(req, res, next).catch(next);
  };
