import { MemoryCache } from '../../src/adapters/memory-cache.js';
import type { Clock } from '../../src/clock.js';
import { cacheContract } from './cache.contract.js';

// One movable clock shared by every cache this fixture opens: elapse() is instant and exact.
let now = Date.parse('2026-03-01T09:00:00.000Z');
const clock: Clock = { now: () => new Date(now) };

cacheContract('in-memory', {
  open: async () => new MemoryCache(clock),
  elapse: async (seconds) => {
    now += seconds * 1000;
  },
});
