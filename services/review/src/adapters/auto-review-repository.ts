import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';

export const AUTO_REVIEW_REQUESTS = 'auto_review_requests';

/** A move marked done, waiting for its automatic review request (`_id` is the booking id: one per booking). */
export interface AutoReviewRequestDoc {
  _id: string;
  doneAt: string;
  /** The next London morning after `doneAt`. */
  dueAt: string;
  /** When the sweep settled it (requested, or found it already requested or not reviewable); null while due. */
  settledAt: string | null;
  outcome?: string;
}

export class AutoReviewRepository {
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
