import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../../src/ports/cache.js';
import { uniqueSuffix } from './eventually.js';

export interface CacheFixture {
  open(): Promise<Cache>;
  /** Lets `seconds` pass for the cache: a fake clock moves for the memory cache, real time for Redis. */
  elapse(seconds: number): Promise<void>;
}

/** The Cache port's behaviour (values, expiry, fixed-window hit counting), run against every adapter. */
export function cacheContract(name: string, fixture: CacheFixture): void {
  describe(`Cache contract: ${name}`, () => {
    let cache: Cache;
    const key = (label: string) => `contract:${label}:${uniqueSuffix()}`;

    beforeAll(async () => {
      cache = await fixture.open();
    });
    afterAll(async () => {
      await cache?.close().catch(() => undefined);
    });

    it('stores, overwrites and deletes values; a missing key reads as null', async () => {
      const k = key('kv');
      expect(await cache.get(k)).toBeNull();
      await cache.set(k, 'one');
      expect(await cache.get(k)).toBe('one');
      await cache.set(k, 'two');
      expect(await cache.get(k)).toBe('two');
      await cache.del(k);
      expect(await cache.get(k)).toBeNull();
      await cache.del(k); // deleting a missing key is not an error
    });

    it('expires a value after its TTL but keeps one without TTL', async () => {
      const short = key('ttl');
      const forever = key('forever');
      await cache.set(short, 'soon gone', 1);
      await cache.set(forever, 'stays');
      expect(await cache.get(short)).toBe('soon gone');
      await fixture.elapse(1.5);
      expect(await cache.get(short)).toBeNull();
      expect(await cache.get(forever)).toBe('stays');
    });

    it('counts hits per key within a fixed window and reports the seconds left', async () => {
      const a = key('hits-a');
      const b = key('hits-b');
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await cache.hit(a, 60));
      expect(results.map((r) => r.count)).toEqual([1, 2, 3]);
      for (const r of results) {
        expect(r.resetSeconds).toBeGreaterThan(55);
        expect(r.resetSeconds).toBeLessThanOrEqual(60);
      }
      expect((await cache.hit(b, 60)).count).toBe(1);
    });

    it('counts concurrent hits exactly (no lost updates)', async () => {
      const k = key('concurrent');
      const counts = await Promise.all(Array.from({ length: 20 }, () => cache.hit(k, 60)));
      expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('starts a new window once the old one has passed', async () => {
      const k = key('window');
      await cache.hit(k, 1);
      expect((await cache.hit(k, 1)).count).toBe(2);
      await fixture.elapse(1.5);
      expect((await cache.hit(k, 1)).count).toBe(1);
    });

    it('answers ping while open and fails it once closed', async () => {
      const own = await fixture.open();
      await own.ping();
      await own.close();
      await expect(own.ping()).rejects.toThrow();
    });
  });
}
