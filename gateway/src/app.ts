import type { Express, RequestHandler } from 'express';
import cors from 'cors';
import {
  createAppBase,
  createOpsApp,
  notFoundHandler,
  rateLimit,
  type Readiness,
  errorHandler,
  SERVICE_NAMES,
  type Cache,
  type Clock,
  type Logger,
  type ServiceName,
} from '@vanhop/platform';
import type { GatewayConfig } from './config.js';
import { resolveRoute } from './routing.js';
import { CLIENT_IDENTITY_HEADER, requireAdmin, requireDriverToken } from './jwt-guard.js';
import { bodyLimit } from './body-limit.js';
import { forwardedHeaders } from './proxy.js';
import type { Forwarding } from './forwarding.js';
import { httpForwarding } from './forwarding-http.js';
import { staticSite } from './static-site.js';
import { mergeSlashes } from './merge-slashes.js';
import { refuseFragments } from './refuse-fragments.js';
import { securityHeaders } from './security-headers.js';
import { isClientRoute, prerenderLandingPage } from './landing-prerender.js';

/**
 * `clock`: token expiry is checked on it (tests pin time; production uses the system clock).
 * `forwarding`: how requests reach the services; over HTTP to their URLs unless given (the
 * embedded product hands them to the services in process).
 */
export interface GatewayDeps {
  logger: Logger;
  cache: Cache;
  readiness: Readiness;
  clock?: Clock;
  forwarding?: Forwarding;
}

/** The public app (web app and `/api`, plus `/health/live`) and the ops app (readiness and metrics, on OPS_PORT). */
export interface GatewayApps {
  app: Express;
  ops: Express;
}

export function createGatewayApp(config: GatewayConfig, deps: GatewayDeps): GatewayApps {
  // The platform's app base (health, metrics, request ids and logs), as every service uses; a target
  // with a fragment is refused and paths are canonicalised first, and the request id also goes
  // upstream. Readiness and metrics go on the ops app: the public port (and so the Ingress) answers
  // neither.
  const ops = createOpsApp();
  // Client addresses (rate limits) come from X-Forwarded-For only as far as TRUST_PROXY says.
  const app = createAppBase({
    service: 'gateway',
    logger: deps.logger,
    readiness: deps.readiness,
    first: [refuseFragments, mergeSlashes],
    forwardRequestId: true,
    ops,
    trustProxy: config.trustProxy,
  });
  app.use(securityHeaders());
  app.use('/api', cors({ origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true }));
  app.use('/api', rateLimit(deps.cache, { name: 'gateway', limit: config.rateLimitPerMinute, windowSeconds: 60 }));

  app.get('/api/config', (_req, res) => {
    res.json(config.publicSettings);
  });

  const forwarding = deps.forwarding ?? httpForwarding(config.services, config.proxyTimeoutMs, deps.logger);
  const proxies = Object.fromEntries(SERVICE_NAMES.map((name) => [name, forwarding(name)])) as Record<
    ServiceName,
    RequestHandler
  >;
  const guard = requireAdmin(config.jwt, deps.clock);
  const driverGuard = requireDriverToken(config.jwt, deps.clock);
  const limit = bodyLimit(config.platform.bodyLimitBytes);

  app.use('/api', (req, res, next) => {
    const target = resolveRoute(req.originalUrl.split('?', 1)[0] ?? '');
    if (!target) return next();
    // No service reads an identity header (each verifies the bearer itself); a client-sent one is
    // still dropped so none ever could be misled by it.
    delete req.headers[CLIENT_IDENTITY_HEADER];
    limit(req, res, (err?: unknown) => {
      if (err || res.headersSent) return next(err);
      const forward = () => {
        req.url = req.originalUrl;
        forwardedHeaders(req);
        proxies[target.service](req, res, next);
      };
      if (target.admin) guard(req, res, (e?: unknown) => (e ? next(e) : forward()));
      else if (target.driver) driverGuard(req, res, (e?: unknown) => (e ? next(e) : forward()));
      else forward();
    });
  });
  app.use('/api', notFoundHandler);
  app.use(staticSite(config.staticDir, prerenderLandingPage, isClientRoute));
  app.use(errorHandler(deps.logger));
  return { app, ops };
}
