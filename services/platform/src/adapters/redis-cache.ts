import type { Redis } from 'ioredis';
import type { Cache } from '../ports/cache.js';
import type { Logger } from '../logger.js';

export interface RedisCacheOptions {
  url: string;
  /** Namespaces every key (e.g. `vanhop:gateway:`), so services sharing one Redis never collide. */
  keyPrefix?: string;
  logger?: Logger;
}

/**
 * One hit in a fixed window, atomically: the first hit starts the window's expiry. The TTL repair
 * covers a key left without expiry (e.g. set by an older client), which would otherwise block forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Cache and rate-limit counters on Redis (ioredis), shared by every instance of a service. */
export class RedisCache implements Cache {
  private closed = false;

  private constructor(private readonly redis: Redis) {}

  /** Tries to connect before returning; an unreachable server does not stop the service starting. */
  static async connect(options: RedisCacheOptions): Promise<RedisCache> {
    // Loaded here, not at the top: embedded mode must never pay for (or depend on) the client.
    const { Redis } = await import('ioredis');
    const redis = new Redis(options.url, {
      keyPrefix: options.keyPrefix ?? '',
      lazyConnect: true,
      // Fail a command fast while Redis is away instead of queueing it for ever: readiness then
      // reports the outage and rate limiting answers with an error, never hangs a request.
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    redis.on('error', (err: Error) => options.logger?.warn({ err: err.message }, 'redis connection error'));
    // Redis away at start is an outage like any other: the replica serves (rate limits let requests
    // through, readiness reports the cache down) while ioredis keeps reconnecting by itself.
    await redis
      .connect()
      .catch((err: Error) =>
        options.logger?.warn({ err: err.message }, 'redis not reachable at start; serving without it, reconnecting'),
      );
    redis.defineCommand('vanhopHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    return new RedisCache(redis);
  }

  async get(key: string): Promise<string | null> {
    this.ensureOpen();
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.ensureOpen();
    if (ttlSeconds) await this.redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    else await this.redis.set(key, value);
  }

  async del(key: string): Promise<void> {
    this.ensureOpen();
    await this.redis.del(key);
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
    this.ensureOpen();
    const hitCommand = (this.redis as unknown as { vanhopHit(key: string, window: number): Promise<[number, number]> })
      .vanhopHit;
    const [count, ttl] = await hitCommand.call(this.redis, key, Math.max(1, Math.ceil(windowSeconds)));
    return { count: Number(count), resetSeconds: Math.max(0, Number(ttl)) };
  }

  async ping(): Promise<void> {
    this.ensureOpen();
    const reply = await this.redis.ping();
    if (reply !== 'PONG') throw new Error(`Unexpected Redis PING reply: ${reply}`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Cache is closed');
  }
}
