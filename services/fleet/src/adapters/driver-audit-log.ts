import { insertUnique, type Collection, type DocumentStore } from '@vanhop/platform';
import type { DriverAuditEntry } from '@vanhop/contracts';
import type { DriverAuditLog as DriverAuditPort } from '../domain/ports.js';

export const DRIVER_AUDIT = 'driver_audit';

/**
 * Stored with the changes as a list: changed fields are dotted paths (`card.viaStopPence`), and
 * dots are not allowed in document keys (MongoDB, NeDB).
 */
interface AuditDoc extends Omit<DriverAuditEntry, 'id' | 'changes'> {
  _id: string;
  changes: { field: string; from: unknown; to: unknown }[];
}

const toEntry = ({ _id, changes, ...rest }: AuditDoc): DriverAuditEntry => ({
  id: _id,
  ...rest,
  changes: Object.fromEntries(changes.map((c) => [c.field, { from: c.from, to: c.to }])),
});

/**
 * The append-only `driver_audit` collection: who changed which driver field, when, from what to
 * what. Nothing here updates or deletes. The id is `<driverId>:v<version>`, so a retried write of
 * the same change is a duplicate, never a second entry.
 */
export class DriverAuditLog implements DriverAuditPort {
  private readonly col: Collection<AuditDoc>;

  constructor(store: DocumentStore) {
    this.col = store.collection<AuditDoc>(DRIVER_AUDIT);
  }

  async ensureIndexes(): Promise<void> {
    await this.col.ensureIndex({ fields: { driverId: 1, at: -1 } });
  }

  async append(entry: DriverAuditEntry): Promise<void> {
    const { id, changes, ...rest } = entry;
    // The same change may be appended twice (at once, and again by the DriverUpdated consumer): one line.
    await insertUnique(this.col, {
      _id: id,
      ...rest,
      changes: Object.entries(changes).map(([field, c]) => ({ field, from: c.from, to: c.to })),
    });
  }

  async forDriver(driverId: string, limit = 200): Promise<DriverAuditEntry[]> {
    const docs = await this.col.find({ driverId }, { sort: { at: -1, _id: -1 }, limit });
    return docs.map(toEntry);
  }

  async recent(limit = 200): Promise<DriverAuditEntry[]> {
    const docs = await this.col.find({}, { sort: { at: -1, _id: -1 }, limit });
    return docs.map(toEntry);
  }
}
