import { expect, it } from 'vitest';
import { scheduleHistoryPruning } from '../src/history-pruning.js';
import { createLogger } from '../src/logger.js';

it('prunes on its interval and walks the older documents a page at a time, once, then stops asking', async () => {
  const works = new Map<string, () => Promise<unknown>>();
  const intervals: Record<string, number> = {};
  const every = (ms: number, work: () => Promise<unknown>, failed: string) => {
    works.set(failed, work);
    intervals[failed] = ms;
  };
  const pages: string[] = [];
  let pruned = 0;
  const history = {
    prune: async () => ++pruned,
    stampPage: async (after: string, page: number) => {
      pages.push(`${after}:${page}`);
      return { stamped: page, next: after === '' ? 'b-500' : null };
    },
  };
  scheduleHistoryPruning(every, createLogger('t', 'silent'), history, 'rows', {
    pruneEveryMs: 600,
    stampEveryMs: 60,
    stampPage: 500,
  });
  expect(intervals).toEqual({ 'rows: prune failed': 600, 'rows: stamping failed': 60 });
  const stamp = works.get('rows: stamping failed')!;
  await stamp();
  await stamp();
  await stamp();
  expect(pages).toEqual([':500', 'b-500:500']);
  await works.get('rows: prune failed')!();
  expect(pruned).toBe(1);
});
