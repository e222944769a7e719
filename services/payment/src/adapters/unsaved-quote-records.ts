import { DuplicateKeyError, type Collection, type DocumentStore } from '@vanhop/platform';
import type { UnsavedQuoteRecords as UnsavedQuoteRecordsPort } from '../domain/ports.js';

export const UNSAVED_QUOTE_RECORDS = 'unsaved_quote_records';

interface UnsavedQuoteRecord {
  _id: string;
  bookingId: string;
  createdAt: string;
}

/** Which booking record was created for an unsaved quote (by fingerprint), so Book Now reuses it. */
export class UnsavedQuoteRecords implements UnsavedQuoteRecordsPort {
  private readonly col: Collection<UnsavedQuoteRecord>;

  constructor(store: DocumentStore) {
    this.col = store.collection<UnsavedQuoteRecord>(UNSAVED_QUOTE_RECORDS);
  }

  async bookingFor(fingerprint: string, since: Date): Promise<string | null> {
    const found = await this.col.findOne({ _id: fingerprint, createdAt: { $gte: since.toISOString() } });
    return found?.bookingId ?? null;
  }

  async remember(fingerprint: string, bookingId: string, at: Date): Promise<void> {
    const doc = { _id: fingerprint, bookingId, createdAt: at.toISOString() };
    try {
      await this.col.insertOne(doc);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      await this.col.updateOne({ _id: fingerprint }, { $set: { bookingId, createdAt: doc.createdAt } });
    }
  }
}
