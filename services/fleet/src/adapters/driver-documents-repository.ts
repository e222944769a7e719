import type { DriverDocument, DriverDocumentKind } from '@vanhop/contracts';
import type { Collection, DocumentStore, OutboxEntry } from '@vanhop/platform';
import type { DocumentedDriver } from '@vanhop/contracts';
import type { DriverDoc, DriverDocumentsRepository as DriverDocumentsPort, StoredDocument } from '../domain/ports.js';
import { DRIVERS, revAndMark } from './driver-repository.js';

type DocumentsDoc = DriverDoc & { documents?: Partial<Record<DriverDocumentKind, StoredDocument | null>> };

/**
 * The compliance documents, kept on the driver's own document in the `drivers` collection (so the
 * pricing's read of the drivers sees them, and the reminder's event rides in the driver's outbox,
 * which the fleet service's relay already publishes). Writes touch `documents` only, never the
 * driver's version: an editor's open form is not made stale by a document or a reminder.
 *
 * A document decides whether the driver is offered (compliance.ts), so `set` gives the driver a new
 * `rev`: the other replicas' pricing read models find it by that within their poll. It publishes no
 * DriverUpdated: no read model listens for it any more, and its listeners are notification (which
 * mails the driver "your profile was changed") and admin-auth (name, e-mail, active), neither about
 * documents. A reminder's claim changes no price, so it keeps the rev.
 */
export class DriverDocumentsRepository implements DriverDocumentsPort {
  private readonly col: Collection<DocumentsDoc>;

  constructor(
    store: DocumentStore,
    /** Awaited after a document write: publishes the driver's card (DriverCardOutbox; its sweep covers a failure). */
    private readonly publish: (driverId: string) => Promise<void> = async () => undefined,
  ) {
    this.col = store.collection<DocumentsDoc>(DRIVERS);
  }

  async byId(id: string): Promise<DocumentedDriver | null> {
    return this.col.findOne({ _id: id });
  }

  all(): Promise<DocumentedDriver[]> {
    return this.col.find({}, { sort: { name: 1, _id: 1 } });
  }

  /** Through the id index: the drivers of one page of the staff list. */
  byIds(ids: string[]): Promise<DocumentedDriver[]> {
    return this.col.find({ _id: { $in: ids } });
  }

  /** Drivers with at least one document recorded: the reminder sweep reads no others. */
  withDocuments(): Promise<DocumentedDriver[]> {
    return this.col.find({
      $or: [
        { 'documents.insurance.expiresOn': { $exists: true } },
        { 'documents.licence.expiresOn': { $exists: true } },
      ],
    });
  }

  /**
   * Sets one document (null: none recorded). A reminder already mailed for the same expiry date is
   * kept, so re-saving an unchanged document never mails it again; a new date starts afresh.
   */
  async set(
    id: string,
    kind: DriverDocumentKind,
    doc: DriverDocument | null,
    previous: StoredDocument | null | undefined,
  ): Promise<boolean> {
    const keep =
      doc && previous?.remindedFor === doc.expiresOn
        ? { remindedFor: previous.remindedFor, remindedAt: previous.remindedAt ?? null }
        : { remindedFor: null, remindedAt: null };
    try {
      const { matched } = await this.col.updateOne(
        { _id: id },
        { $set: { [`documents.${kind}`]: doc ? { ...doc, ...keep } : null, ...revAndMark() } },
      );
      return matched === 1;
    } finally {
      await this.publish(id).catch(() => undefined);
    }
  }

  /**
   * Claims the reminder of one document's expiry date and parks its event in the same write: it
   * matches only while that date is recorded and no reminder went for it, so two sweeps (two
   * instances, a restart half way) mail it once, and a crash after the write still publishes it.
   */
  async claimReminder(
    id: string,
    kind: DriverDocumentKind,
    expiresOn: string,
    at: string,
    event: OutboxEntry,
  ): Promise<boolean> {
    const { matched } = await this.col.updateOne(
      { _id: id, [`documents.${kind}.expiresOn`]: expiresOn, [`documents.${kind}.remindedFor`]: { $ne: expiresOn } },
      {
        $set: { [`documents.${kind}.remindedFor`]: expiresOn, [`documents.${kind}.remindedAt`]: at },
        $push: { outbox: event },
      },
    );
    return matched === 1;
  }
}
