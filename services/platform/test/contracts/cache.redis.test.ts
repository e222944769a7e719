import { describe, it } from 'vitest';
import { RedisCache } from '../../src/adapters/redis-cache.js';
import { infraTarget } from '../infra-env.js';
import { cacheContract } from './cache.contract.js';
import { uniqueSuffix } from './eventually.js';

const url = await infraTarget('redis');

if (url) {
  const keyPrefix = `contract-${uniqueSuffix()}:`;
  cacheContract(`ioredis at ${url}`, {
    open: () => RedisCache.connect({ url, keyPrefix }),
    // Redis expires keys on its own clock, so time really has to pass.
    elapse: (seconds) => new Promise((r) => setTimeout(r, seconds * 1000)),
  });
} else {
  describe.skip('Cache contract: ioredis (no server, see the printed reason)', () =>
    it('needs REDIS_URL', () => undefined));
}
