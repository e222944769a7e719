import {
  DuplicateKeyError,
  insertOrExisting,
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { PaymentPercentage } from '@vanhop/contracts';
import type { Payment, PaymentKind } from '../domain/payment.js';
import type { PaymentRepository as PaymentRepositoryPort } from '../domain/ports.js';

export const PAYMENTS = 'payments';
export const PROCESSED_PROVIDER_EVENTS = 'processed_provider_events';

interface ProcessedProviderEvent {
  _id: string;
  type: string;
  receivedAt: string;
}

/** A payment attempt as stored: the attempt and the PaymentSucceeded parked on it until published. */
type PaymentDocument = Payment & WithOutbox;

/**
 * The payment service's own records: payment attempts (with their outbox) and seen webhook ids.
 * State changes are named conditional writes, so the webhook, the success page and replays race
 * safely: only one of them matches.
 */
export class PaymentRepository implements PaymentRepositoryPort {
  readonly collectionName = PAYMENTS;
  private readonly payments: Collection<PaymentDocument>;
  private readonly seen: Collection<ProcessedProviderEvent>;

  constructor(store: DocumentStore) {
    this.payments = store.collection<PaymentDocument>(PAYMENTS);
    this.seen = store.collection<ProcessedProviderEvent>(PROCESSED_PROVIDER_EVENTS);
  }

  async ensureIndexes(): Promise<void> {
    await this.payments.ensureIndex({ fields: { bookingId: 1 } });
    await this.payments.ensureIndex({ fields: { clientKey: 1, status: 1 } });
    await this.payments.ensureIndex({ fields: { holder: 1, status: 1 } });
    await this.payments.ensureIndex({ fields: { status: 1, holdUntil: 1 } });
  }

  async byRef(ref: string): Promise<Payment | null> {
    return withoutOutbox(await this.payments.findOne({ _id: ref }));
  }

  /** A still-open attempt for the same charge, so a double click does not open a second one. */
  async openAttempt(
    bookingId: string,
    kind: PaymentKind,
    percentage: PaymentPercentage,
    amountPence: number,
    since: Date,
    clientKey: string | undefined,
  ): Promise<Payment | null> {
    const found = await this.payments.find(
      { bookingId, kind, percentage, amountPence, status: 'pending', createdAt: { $gte: since.toISOString() } },
      { sort: { createdAt: -1 } },
    );
    return withoutOutbox(found.find((p) => p.clientKey === clientKey) ?? null);
  }

  async liveHoldAttempts(bookingIds: readonly string[], now: Date): Promise<Payment[]> {
    const found = await this.payments.find({
      bookingId: { $in: [...bookingIds] },
      status: 'pending',
      holdUntil: { $gt: now.toISOString() },
    });
    return found.filter((p) => p.purpose !== 'balance').map((p) => withoutOutbox(p));
  }

  /** Served by the (status, holdUntil) index. */
  async lapsedHoldAttempts(now: Date, limit: number): Promise<Payment[]> {
    const found = await this.payments.find(
      { status: 'pending', holdUntil: { $lte: now.toISOString() } },
      { sort: { holdUntil: 1 }, limit },
    );
    return found.filter((p) => p.purpose !== 'balance').map((p) => withoutOutbox(p));
  }

  /** Served by the bookingId index. */
  async pendingAttempts(bookingId: string): Promise<Payment[]> {
    return (await this.payments.find({ bookingId, status: 'pending' })).map((d) => withoutOutbox(d));
  }

  async succeededFor(bookingId: string): Promise<Payment | null> {
    return withoutOutbox(await this.payments.findOne({ bookingId, status: 'succeeded' }));
  }

  /** Every payment that took money for the booking, newest first (the order refunds use). */
  async succeededPayments(bookingId: string): Promise<Payment[]> {
    return (await this.payments.find({ bookingId, status: 'succeeded' }, { sort: { succeededAt: -1 } })).map((d) =>
      withoutOutbox(d),
    );
  }

  /** A still-open balance checkout for this very amount, offered again instead of a second one. */
  async openBalanceAttempt(bookingId: string, amountPence: number, since: Date): Promise<Payment | null> {
    const found = await this.payments.find(
      { bookingId, purpose: 'balance', amountPence, status: 'pending', createdAt: { $gte: since.toISOString() } },
      { sort: { createdAt: -1 }, limit: 1 },
    );
    return withoutOutbox(found[0] ?? null);
  }

  async balancePayments(bookingId: string): Promise<Payment[]> {
    return (await this.payments.find({ bookingId, purpose: 'balance' })).map((d) => withoutOutbox(d));
  }

  attemptsSoFar(bookingId: string, kind: PaymentKind, percentage: PaymentPercentage): Promise<number> {
    return this.payments.count({ bookingId, kind, percentage });
  }

  async liveHoldsOfClient(clientKey: string, now: Date): Promise<Payment[]> {
    const found = await this.payments.find({ clientKey, status: 'pending', holdUntil: { $gt: now.toISOString() } });
    return found.filter((p) => p.purpose !== 'balance').map((p) => withoutOutbox(p));
  }

  async liveHoldsOf(holder: string, now: Date): Promise<Payment[]> {
    const found = await this.payments.find({ holder, status: 'pending', holdUntil: { $gt: now.toISOString() } });
    return found.filter((p) => p.purpose !== 'balance').map((p) => withoutOutbox(p));
  }

  /** Whether another attempt for the booking still holds its driver (then a failure must not free them). */
  async otherLiveHold(bookingId: string, exceptRef: string, now: Date): Promise<boolean> {
    const found = await this.payments.find({ bookingId, status: 'pending', holdUntil: { $gt: now.toISOString() } });
    return found.some((p) => p._id !== exceptRef);
  }

  /** A reused attempt holds the driver again from now (an intent has no expiry of its own). */
  async extendHold(ref: string, holdUntil: Date): Promise<void> {
    await this.payments.updateOne({ _id: ref, status: 'pending' }, { $set: { holdUntil: holdUntil.toISOString() } });
  }

  async latestIntent(filter: { bookingId: string } | { randomNumber: number }): Promise<Payment | null> {
    const found = await this.payments.find({ ...filter, kind: 'intent' }, { sort: { createdAt: -1 }, limit: 1 });
    return withoutOutbox(found[0] ?? null);
  }

  /** Inserts a new attempt; when a concurrent request already stored it, returns that one. */
  insert(payment: Payment): Promise<Payment> {
    return insertOrExisting(this.payments, payment);
  }

  /**
   * The provider confirmed the money taken: succeeded, with its PaymentSucceeded, in one write that
   * matches only while the attempt is not yet succeeded. False when another path recorded it first.
   */
  async markSucceededIfNot(
    ref: string,
    at: string,
    event: OutboxEntry,
    facts: Pick<Payment, 'driverTaken'> = {},
  ): Promise<boolean> {
    const updated = await this.payments.findOneAndUpdate(
      { _id: ref, status: { $ne: 'succeeded' } },
      { $set: { status: 'succeeded', succeededAt: at, updatedAt: at, ...facts }, $push: { outbox: event } },
    );
    return updated !== null;
  }

  /** A failure only marks an open attempt; a later success on the same intent still wins. */
  async markFailedIfPending(ref: string, message: string, at: string): Promise<void> {
    await this.payments.updateOne(
      { _id: ref, status: 'pending' },
      { $set: { status: 'failed', failureMessage: message, updatedAt: at } },
    );
  }

  hasSeenEvent(id: string): Promise<boolean> {
    return this.seen.findOne({ _id: id }).then(Boolean);
  }

  async markEventSeen(id: string, type: string, at: Date): Promise<void> {
    try {
      await this.seen.insertOne({ _id: id, type, receivedAt: at.toISOString() });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
}
