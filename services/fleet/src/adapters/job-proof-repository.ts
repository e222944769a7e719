import { DuplicateKeyError, type Collection, type DocumentStore } from '@vanhop/platform';
import type { JobProofDoc, JobProofRepository as JobProofPort } from '../domain/ports.js';

export const JOB_PROOFS = 'job_proofs';

/** The `job_proofs` collection. */
export class JobProofRepository implements JobProofPort {
  private readonly col: Collection<JobProofDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<JobProofDoc>(JOB_PROOFS);
  }

  /** Saved before the job is marked done: a refused "done" is retried with a new proof, which replaces it. */
  async save(proof: JobProofDoc): Promise<void> {
    try {
      await this.col.insertOne(proof);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const { _id, ...rest } = proof;
      await this.col.updateOne({ _id }, { $set: rest });
    }
  }

  findById(bookingId: string): Promise<JobProofDoc | null> {
    return this.col.findOne({ _id: bookingId });
  }
}
