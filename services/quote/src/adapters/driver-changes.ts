import { randomUUID } from 'node:crypto';
import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';

export const DRIVER_CHANGES = 'driver_changes';
const ID = 'drivers';

interface ChangeDoc {
  _id: string;
  token: string;
}

/**
 * One document whose token is replaced after every write of a driver (a new rev): the pricing read
 * models' poll reads it by `_id` first and asks for the drivers with revs they do not hold only when
 * it changed. That question compares every driver's rev with every rev held, so asking it every
 * poll cost about 100 ms of a 5,000-driver fleet's embedded store each time.
 */
export class DriverChanges {
  private readonly col: Collection<ChangeDoc>;
  private readonly id: string;

  /** `at`: another token of the same kind (the supply read model's, replaced per card applied). */
  constructor(store: DocumentStore, at: { collection: string; id: string } = { collection: DRIVER_CHANGES, id: ID }) {
    this.col = store.collection<ChangeDoc>(at.collection);
    this.id = at.id;
  }

  /** After a driver write has returned: a write that lands after a poll read the token is seen by the next poll. */
  async bump(): Promise<void> {
    const token = randomUUID();
    const { matched } = await this.col.updateOne({ _id: this.id }, { $set: { token } });
    if (matched === 0 && !(await insertUnique(this.col, { _id: this.id, token })))
      await this.col.updateOne({ _id: this.id }, { $set: { token } });
  }

  /** The token now (read by `_id`); null before any write. */
  async token(): Promise<string | null> {
    return (await this.col.findOne({ _id: this.id }))?.token ?? null;
  }
}
