import {
  insertOrExisting,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { RefundRepository as RefundRepositoryPort } from '../domain/ports.js';
import type { Refund } from '../domain/refund.js';

export const REFUNDS = 'refunds';

type RefundDocument = Refund & WithOutbox;

/** Planned refunds (one per RefundRequested, keyed by its refund id) and the RefundIssued parked on each. */
export class RefundRepository implements RefundRepositoryPort {
  readonly collectionName = REFUNDS;
  private readonly refunds: Collection<RefundDocument>;

  constructor(store: DocumentStore) {
    this.refunds = store.collection<RefundDocument>(REFUNDS);
  }

  ensureIndexes(): Promise<void> {
    return this.refunds.ensureIndex({ fields: { bookingId: 1 } });
  }

  async byId(refundId: string): Promise<Refund | null> {
    return withoutOutbox(await this.refunds.findOne({ _id: refundId }));
  }

  async forBooking(bookingId: string): Promise<Refund[]> {
    return (await this.refunds.find({ bookingId })).map((d) => withoutOutbox(d));
  }

  /** Stores a plan; when a concurrent delivery planned it first, returns that plan, never a second one. */
  insertOrExisting(refund: Refund): Promise<Refund> {
    return insertOrExisting(this.refunds, refund);
  }

  /** One part given back by the provider: it is never asked again. */
  async markPartRefunded(refundId: string, part: number, providerRefundId: string): Promise<void> {
    await this.refunds.updateOne(
      { _id: refundId },
      { $set: { [`parts.${part}.status`]: 'succeeded', [`parts.${part}.providerRefundId`]: providerRefundId } },
    );
  }

  /** Issued, with its RefundIssued, in one write that matches only while still pending. */
  async markIssuedIfPending(refundId: string, issuedAt: string, event: OutboxEntry): Promise<boolean> {
    return (
      (await this.refunds.findOneAndUpdate(
        { _id: refundId, status: 'pending' },
        { $set: { status: 'issued', issuedAt }, $push: { outbox: event } },
      )) !== null
    );
  }
}
