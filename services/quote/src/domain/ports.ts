import type { OutboxEntry } from '@vanhop/contracts';

/** Where a day's tally is kept with the QuotesPriced event announcing it (outbox on the same write). */
export interface PricedQuoteDays {
  add(day: string, count: number, entry: OutboxEntry): Promise<void>;
}
