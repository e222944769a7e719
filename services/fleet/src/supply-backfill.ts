import type { Clock, Logger } from '@vanhop/platform';
import type { DriverCardOutbox } from './adapters/driver-card-outbox.js';
import type { DriverTimeOutbox } from './adapters/driver-time-outbox.js';
import type { SupplyBackfillMark } from './adapters/supply-backfill-mark.js';

/** Drivers, slots or jobs read per page of the backfill. */
export const BACKFILL_PAGE = 500;
/** The pause between two pages: the backfill gives way to the requests being served meanwhile. */
export const BACKFILL_PAUSE_MS = 20;
/** Holds and jobs from this long ago on that were never published are (their time can still matter to a quote). */
const LOOKBACK_MS = 2 * 24 * 3_600_000;

type Phase = 'cards' | 'slots' | 'jobs';
const PHASES: readonly Phase[] = ['cards', 'slots', 'jobs'];

/**
 * The supply events' backfill (what was stored before these events: every driver's card, the time
 * of every booking still to come), once per store, run after the service reports ready: a page at
 * a time with a pause between pages, so a large store (thousands of drivers, a hundred thousand
 * bookings) neither holds the start back nor takes the service's time from its requests. A stop
 * midway records nothing: the next start runs it again (publishing only what has no event yet).
 */
export class PacedSupplyBackfill {
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      cards: Pick<DriverCardOutbox, 'backfillPage'>;
      time: Pick<DriverTimeOutbox, 'backfillPage'>;
      mark: Pick<SupplyBackfillMark, 'done' | 'record'>;
      clock: Clock;
      logger?: Logger;
      page?: number;
      pause?: (ms: number) => Promise<void>;
    },
  ) {}

  /** Starts it in the background (unless this store's was completed); `settled` is its end. */
  start(): void {
    this.running ??= this.run().catch((err) =>
      this.deps.logger?.warn({ err: String(err) }, 'supply backfill stopped: the next start runs it again'),
    );
  }

  /** Resolves when the background run has ended (done, stopped or failed); at once when none started. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  private async run(): Promise<void> {
    if (await this.deps.mark.done()) return;
    const page = this.deps.page ?? BACKFILL_PAGE;
    const pause = this.deps.pause ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
    const since = new Date(this.deps.clock.now().getTime() - LOOKBACK_MS);
    let published = 0;
    for (const phase of PHASES) {
      let after: string | null = '';
      while (after !== null) {
        if (this.stopped) return;
        const done: { published: number; next: string | null } =
          phase === 'cards'
            ? await this.deps.cards.backfillPage(after, page)
            : await this.deps.time.backfillPage(phase, since, after, page);
        published += done.published;
        after = done.next;
        if (after !== null) await pause(BACKFILL_PAUSE_MS);
      }
    }
    await this.deps.mark.record(this.deps.clock.now());
    if (published > 0) this.deps.logger?.info({ published }, 'supply events backfilled');
  }
}
