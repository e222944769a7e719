import { DuplicateKeyError, type Collection, type DocumentStore } from '@vanhop/platform';
import type { SignedFor } from '@vanhop/contracts';

export const JOB_PROOFS = 'job_proofs';

/**
 * The photos of the load and the customer's signature given with "done", one per booking (its id
 * is the booking id). Kept apart from the job: a few hundred KB each that the jobs lists never read.
 */
export interface JobProofDoc {
  _id: string;
  driverId: string;
  photos: string[];
  signature: string;
  signedFor: SignedFor;
}

export class JobProofRepository {
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
