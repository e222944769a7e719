import type { Request, RequestHandler } from 'express';
import type { Cache } from '../ports/cache.js';
import { TooManyRequestsError } from '../errors.js';
import { clientKeyOfAddress } from './client-key.js';

export interface RateLimitOptions {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is being limited: the client (clientKey) by default. */
  key?: (req: Request) => string | undefined;
  message?: string;
}

const addresses = new WeakMap<Request, string>();

/**
 * The client's address as this app's `trust proxy` reads it, worked out once per request: Express
 * parses X-Forwarded-For again on every read of `req.ip`, and the gateway reads it for its rate limit
 * and for the header it forwards.
 */
export const clientIp = (req: Request): string => {
  let address = addresses.get(req);
  if (address === undefined) {
    address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    addresses.set(req, address);
  }
  return address;
};

/**
 * Who the client is wherever something is counted or held per client (rate limits, checkout holds,
 * release links): its address, or for IPv6 its /64 (see clientKeyOfAddress).
 */
export const clientKey = (req: Request): string => clientKeyOfAddress(clientIp(req));

/**
 * Fixed-window limiter on the Cache port, so all instances of a service share the counters (Redis).
 * While the cache cannot be reached the request goes through uncounted (logged): a limiter that
 * failed closed would turn a cache restart into an outage of every limited route.
 */
export function rateLimit(cache: Cache, options: RateLimitOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const subject = (options.key ?? clientKey)(req);
      if (!subject) return next();
      let counted: { count: number; resetSeconds: number };
      try {
        counted = await cache.hit(`rl:${options.name}:${subject}`, options.windowSeconds);
      } catch (err) {
        (req as { log?: { warn(obj: object, msg: string): void } }).log?.warn(
          { limiter: options.name, err: err instanceof Error ? err.message : String(err) },
          'rate limit not applied: cache unavailable',
        );
        return next();
      }
      const { count, resetSeconds } = counted;
      res.setHeader('RateLimit-Limit', String(options.limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, options.limit - count)));
      if (count > options.limit) throw new TooManyRequestsError(options.message, Math.max(1, resetSeconds));
      next();
    } catch (err) {
      next(err);
    }
  };
}
