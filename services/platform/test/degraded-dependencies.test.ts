/**
 * What a replica does when something every replica shares goes away, and while it shuts down, on
 * the real app a service runs (createHttpApp on a real port): the cache (Redis) away lets requests
 * through unlimited instead of failing them, and keeps the replica ready; the store away answers
 * 503 with Retry-After and makes it not ready; a shutdown keeps serving for the drain pause with
 * every answer closing its connection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MongoBulkWriteError, MongoNetworkError } from 'mongodb';
import { isStoreUnreachable } from '../src/adapters/mongo-document-store.js';
import { MemoryCache } from '../src/adapters/memory-cache.js';
import { isTransientFailure, ServiceUnavailableError, StoreUnavailableError, UpstreamError } from '../src/errors.js';
import { HandlerRetries, TRANSIENT_MAX_PAUSE_MS } from '../src/handler-retries.js';
import { createHttpApp } from '../src/http/create-app.js';
import { Readiness } from '../src/http/health.js';
import { listen, type RunningServer } from '../src/http/listen.js';
import { rateLimit } from '../src/http/rate-limit.js';
import { route } from '../src/http/create-app.js';
import { createLogger } from '../src/logger.js';
import type { Cache } from '../src/ports/cache.js';
import { drainPause } from '../src/run-service.js';
import { sample } from './prometheus-text.js';

const logger = createLogger('degraded', 'silent');

/** A cache whose server can be switched off, as Redis is when its container stops. */
class SwitchableCache implements Cache {
  up = true;
  private readonly inner = new MemoryCache();
  private guard() {
    if (!this.up) throw new Error('connect ECONNREFUSED redis:6379');
  }
  async get(key: string) {
    this.guard();
    return this.inner.get(key);
  }
  async set(key: string, value: string, ttl?: number) {
    this.guard();
    return this.inner.set(key, value, ttl);
  }
  async del(key: string) {
    this.guard();
    return this.inner.del(key);
  }
  async hit(key: string, window: number) {
    this.guard();
    return this.inner.hit(key, window);
  }
  async ping() {
    this.guard();
  }
  async close() {
    await this.inner.close();
  }
}

describe('a replica with a shared dependency away', () => {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(cache: SwitchableCache, storeUp: () => boolean) {
    const readiness = new Readiness([
      {
        name: 'store',
        check: async () => {
          if (!storeUp()) throw new Error('store away');
        },
      },
      { name: 'cache', check: () => cache.ping(), required: false },
    ]);
    const app = createHttpApp({
      service: 'degraded',
      logger,
      readiness,
      bodyLimitBytes: 1024,
      routes: (a) => {
        a.get('/limited', rateLimit(cache, { name: 'limited', limit: 2, windowSeconds: 60 }), (_req, res) =>
          res.json({ ok: true }),
        );
        a.get(
          '/stored',
          route(async (_req, res) => {
            if (!storeUp())
              throw new StoreUnavailableError(
                Object.assign(new Error('connection refused'), { name: 'MongoNetworkError' }),
              );
            res.json({ ok: true });
          }),
        );
      },
    });
    const server = await listen(app, 0);
    servers.push(server);
    return { url: server.url, readiness };
  }

  it('counts requests in the shared cache while it is up; lets them through uncounted while it is away, staying ready', async () => {
    const cache = new SwitchableCache();
    const { url } = await serve(cache, () => true);
    expect((await fetch(`${url}/limited`)).status).toBe(200);
    expect((await fetch(`${url}/limited`)).status).toBe(200);
    expect((await fetch(`${url}/limited`)).status).toBe(429);

    cache.up = false;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/limited`);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBeNull();
    }
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: unknown }).checks).toMatchObject({
      store: 'ok',
      cache: 'connect ECONNREFUSED redis:6379',
    });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(sample(metrics, 'vanhop_ready')).toBe(1);
    expect(sample(metrics, 'vanhop_dependency_up', { dependency: 'cache' })).toBe(0);
    expect(sample(metrics, 'vanhop_dependency_up', { dependency: 'store' })).toBe(1);

    cache.up = true;
    expect((await fetch(`${url}/limited`)).status).toBe(429); // the counts kept in the cache still apply
  });

  it('answers 503 with Retry-After while the store is away, and is not ready', async () => {
    let storeUp = true;
    const { url } = await serve(new SwitchableCache(), () => storeUp);
    expect((await fetch(`${url}/stored`)).status).toBe(200);
    storeUp = false;
    const res = await fetch(`${url}/stored`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      message: 'The service is briefly unavailable, please try again shortly.',
      code: 'unavailable',
    });
    expect((await fetch(`${url}/health/ready`)).status).toBe(503);
  });

  it('while draining for a shutdown: not ready, still serving, and every answer closes its connection', async () => {
    const { url, readiness } = await serve(new SwitchableCache(), () => true);
    const before = await fetch(`${url}/stored`);
    expect(before.headers.get('connection')).toBe('keep-alive');
    readiness.markShuttingDown();
    expect((await fetch(`${url}/health/ready`)).status).toBe(503);
    const during = await fetch(`${url}/stored`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
  });
});

describe('which failures are an outage to wait out', () => {
  it('classifies the store being unreachable, a busy or unreachable peer, and nothing else', () => {
    expect(isTransientFailure(new StoreUnavailableError(new Error('x')))).toBe(true);
    expect(isTransientFailure(new ServiceUnavailableError())).toBe(true);
    expect(isTransientFailure(new UpstreamError('quote unreachable', true))).toBe(true);
    expect(isTransientFailure(new UpstreamError('quote answered HTTP 500'))).toBe(false);
    expect(isTransientFailure(new Error('cannot handle this one'))).toBe(false);
  });

  it("knows the MongoDB driver's errors for no server to talk to", () => {
    for (const name of [
      'MongoNetworkError',
      'MongoServerSelectionError',
      'MongoPoolClearedError',
      'MongoNetworkTimeoutError',
    ]) {
      expect(isStoreUnreachable(Object.assign(new Error('x'), { name }))).toBe(true);
    }
    expect(isStoreUnreachable(Object.assign(new Error('not primary'), { name: 'MongoServerError', code: 10107 }))).toBe(
      true,
    );
    expect(isStoreUnreachable(Object.assign(new Error('dup'), { name: 'MongoServerError', code: 11000 }))).toBe(false);
    expect(isStoreUnreachable(new Error('bad filter'))).toBe(false);
    // An ordered insert (a driver hold) cut by a lost connection: the driver wraps the network error.
    const cut = new MongoBulkWriteError(new MongoNetworkError('connection 12 to mongo:27017 closed'), {} as never);
    expect(isStoreUnreachable(cut)).toBe(true);
    // A write on a connection the restarting server had closed: the driver lets Node's own error through.
    const ended = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    expect(isStoreUnreachable(ended)).toBe(true);
    expect(isStoreUnreachable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    const clash = new MongoBulkWriteError({ message: 'E11000', code: 11000, writeErrors: [] } as never, {} as never);
    expect(isStoreUnreachable(clash)).toBe(false);
  });

  it('retries a failure of the work maxRetries times, an outage for as long as it lasts with pauses up to the cap', () => {
    const work = new HandlerRetries({ maxRetries: 2, retryBackoffMs: 100 });
    expect([work.next(new Error('a')), work.next(new Error('b')), work.next(new Error('c'))]).toEqual([100, 200, null]);
    const outage = new HandlerRetries({ maxRetries: 2, retryBackoffMs: 100 });
    const pauses = Array.from({ length: 12 }, () => outage.next(new StoreUnavailableError(null)));
    expect(pauses.slice(0, 4)).toEqual([100, 200, 400, 800]);
    expect(pauses.every((p) => p !== null && p <= TRANSIENT_MAX_PAUSE_MS)).toBe(true);
    expect(pauses.at(-1)).toBe(TRANSIENT_MAX_PAUSE_MS);
    // The outage does not use up the budget for failures of the work.
    expect(outage.next(new Error('a'))).toBe(100);
  });

  it('pauses for the drain only when one is configured', async () => {
    await expect(drainPause(0)).resolves.toBeUndefined();
    let done = false;
    const pending = drainPause(30).then(() => (done = true));
    expect(done).toBe(false);
    await pending;
    expect(done).toBe(true);
  });
});
