import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';
import type { AutoReviewRepository as AutoReviewPort, AutoReviewRequestDoc } from '../domain/ports.js';

export const AUTO_REVIEW_REQUESTS = 'auto_review_requests';

export class AutoReviewRepository implements AutoReviewPort {
  private readonly col: Collection<AutoReviewRequestDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<AutoReviewRequestDoc>(AUTO_REVIEW_REQUESTS);
  }

  ensureIndexes(): Promise<void> {
    return this.col.ensureIndex({ fields: { settledAt: 1, dueAt: 1 } });
  }

  /** False when the booking is already scheduled (a redelivered "done"). */
  schedule(doc: AutoReviewRequestDoc): Promise<boolean> {
    return insertUnique(this.col, doc);
  }

  due(nowIso: string): Promise<AutoReviewRequestDoc[]> {
    return this.col.find({ settledAt: null, dueAt: { $lte: nowIso } });
  }

  /** Settles once (another replica's sweep may have settled it meanwhile). */
  async settle(bookingId: string, at: string, outcome: string): Promise<boolean> {
    return (
      (await this.col.updateOne({ _id: bookingId, settledAt: null }, { $set: { settledAt: at, outcome } })).modified ===
      1
    );
  }
}
