import type { Logger } from './logger.js';

/** What a collection that keeps only recent history offers its service's background work. */
export interface PrunableHistory {
  /** Deletes a page of what ended long enough ago; how many. */
  prune(): Promise<number>;
  /** Gives documents written before they kept their end one, a page after `after`; null `next` at the end. */
  stampPage(after: string, page: number): Promise<{ stamped: number; next: string | null }>;
}

export interface HistoryPruningTimes {
  pruneEveryMs: number;
  stampEveryMs: number;
  stampPage: number;
}

/** A page pruned every ten minutes; the stamping walk of older documents a page of 500 a minute. */
export const HISTORY_PRUNING: HistoryPruningTimes = { pruneEveryMs: 10 * 60_000, stampEveryMs: 60_000, stampPage: 500 };

/**
 * Schedules a collection's pruning and, once per start, the walk that stamps documents written
 * before they kept their end (so they can be pruned too), each on the service's own `every`
 * (which owns the timers and logs a failed pass), logging a count when something changed.
 */
export function scheduleHistoryPruning(
  every: (ms: number, work: () => Promise<unknown>, failed: string) => void,
  logger: Logger,
  history: PrunableHistory,
  /** What the documents are, in the logs: "driver time ledgers", "supply time rows". */
  what: string,
  times: HistoryPruningTimes = HISTORY_PRUNING,
): void {
  every(
    times.pruneEveryMs,
    async () => {
      const pruned = await history.prune();
      if (pruned > 0) logger.info({ pruned }, `${what} of past bookings pruned`);
    },
    `${what}: prune failed`,
  );
  let stampFrom: string | null = '';
  every(
    times.stampEveryMs,
    async () => {
      if (stampFrom === null) return;
      const { stamped, next } = await history.stampPage(stampFrom, times.stampPage);
      stampFrom = next;
      if (stamped > 0) logger.info({ stamped }, `${what} given their end, for pruning`);
    },
    `${what}: stamping failed`,
  );
}
