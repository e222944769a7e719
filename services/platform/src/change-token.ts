import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore } from './ports/document-store.js';
import { insertUnique } from './insert-unique.js';

interface ChangeDoc {
  _id: string;
  token: string;
}

/**
 * One document whose token is replaced after every write of a collection a read model copies: the
 * model's poll reads it by `_id` first and asks for what changed only when it moved, instead of
 * comparing every document with the copy on every poll.
 */
export class ChangeToken {
  private readonly col: Collection<ChangeDoc>;

  constructor(
    store: DocumentStore,
    private readonly at: { collection: string; id: string },
  ) {
    this.col = store.collection<ChangeDoc>(at.collection);
  }

  /** After a write has returned: a write that lands after a poll read the token is seen by the next poll. */
  async bump(): Promise<void> {
    const token = randomUUID();
    const { matched } = await this.col.updateOne({ _id: this.at.id }, { $set: { token } });
    if (matched === 0 && !(await insertUnique(this.col, { _id: this.at.id, token })))
      await this.col.updateOne({ _id: this.at.id }, { $set: { token } });
  }

  /** The token now (read by `_id`); null before any write. */
  async token(): Promise<string | null> {
    return (await this.col.findOne({ _id: this.at.id }))?.token ?? null;
  }
}
