import { londonDay, TOPICS } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger } from '@vanhop/platform';
import type { PricedQuoteDays } from '../domain/ports.js';

/**
 * Counts complete quotes priced, for the staff dashboard's quote-to-booking conversion. Pricing is
 * the hot path, so a quote only bumps a number in memory; flush() writes each day's count since the
 * last flush with one QuotesPriced event. A crash loses at most the quotes since the last flush: a
 * statistic may, a booking never does.
 */
export class PricedQuoteTally {
  private pending = new Map<string, number>();

  constructor(
    private readonly deps: {
      days: PricedQuoteDays;
      clock: Clock;
      relay: { kick(eventIds: string[]): Promise<number> };
      logger: Logger;
    },
  ) {}

  record(): void {
    const day = londonDay(this.deps.clock.now());
    this.pending.set(day, (this.pending.get(day) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const taken = this.pending;
    this.pending = new Map();
    const written: string[] = [];
    for (const [day, count] of taken) {
      try {
        const event = await createEvent(
          TOPICS.quotesPriced,
          { day, count },
          { producer: 'quote', clock: this.deps.clock, correlationId: `quotes-priced:${day}` },
        );
        await this.deps.days.add(day, count, outboxEntry(TOPICS.quotesPriced, event, day));
        written.push(event.eventId);
      } catch (err) {
        // Kept for the next flush rather than lost.
        this.pending.set(day, (this.pending.get(day) ?? 0) + count);
        this.deps.logger.warn({ err: String(err), day }, 'priced quotes tally not written');
      }
    }
    void this.deps.relay.kick(written).catch(() => undefined);
  }
}
