import { insertUnique, type Collection, type DocumentStore, type OutboxEntry, type WithOutbox } from '@vanhop/platform';
import type { PricedQuoteDays } from '../domain/ports.js';

export const PRICED_QUOTE_DAYS = 'priced_quote_days';

interface PricedQuoteDay extends WithOutbox {
  _id: string;
  priced: number;
}

/** `priced_quote_days`: one small document per London day, its count and the events announcing it. */
export class PricedQuoteDayRepository implements PricedQuoteDays {
  private readonly col: Collection<PricedQuoteDay>;

  constructor(store: DocumentStore) {
    this.col = store.collection<PricedQuoteDay>(PRICED_QUOTE_DAYS);
  }

  async add(day: string, count: number, entry: OutboxEntry): Promise<void> {
    const update = { $inc: { priced: count }, $push: { outbox: entry } };
    if ((await this.col.updateOne({ _id: day }, update)).matched) return;
    // The day's first flush: the store has no upsert, so insert the day (or lose the race to another) and add.
    await insertUnique(this.col, { _id: day, priced: 0, outbox: [] });
    await this.col.updateOne({ _id: day }, update);
  }
}
