import { DuplicateKeyError, type Collection, type DocumentStore } from '@vanhop/platform';
import type { PaymentPercentage } from '@vanhop/contracts';
import type { Payment, PaymentKind } from '../domain/payment.js';

export const PAYMENTS = 'payments';
export const PROCESSED_PROVIDER_EVENTS = 'processed_provider_events';

interface ProcessedProviderEvent { _id: string; type: string; receivedAt: string }

/** The payment service's own records: payment attempts (with their outbox) and seen webhook ids. */
export class PaymentStore {
  readonly payments: Collection<Payment>;
  private readonly seen: Collection<ProcessedProviderEvent>;

  constructor(store: DocumentStore) {
    this.payments = store.collection<Payment>(PAYMENTS);
    this.seen = store.collection<ProcessedProviderEvent>(PROCESSED_PROVIDER_EVENTS);
  }

  async init(): Promise<void> {
    await this.payments.ensureIndex({ fields: { bookingId: 1 } });
  }

  byRef(ref: string): Promise<Payment | null> {
    return this.payments.findOne({ _id: ref });
  }

  /** A still-open attempt for the same charge, so a double click does not open a second one. */
  async openAttempt(bookingId: string, kind: PaymentKind, percentage: PaymentPercentage, amountPence: number, since: Date): Promise<Payment | null> {
    const found = await this.payments.find(
      { bookingId, kind, percentage, amountPence, status: 'pending', createdAt: { $gte: since.toISOString() } },
      { sort: { createdAt: -1 }, limit: 1 },
    );
    return found[0] ?? null;
  }

  succeededFor(bookingId: string): Promise<Payment | null> {
    return this.payments.findOne({ bookingId, status: 'succeeded' });
  }

  /** Every payment that took money for the booking, newest first (the order refunds use). */
  succeededPayments(bookingId: string): Promise<Payment[]> {
    return this.payments.find({ bookingId, status: 'succeeded' }, { sort: { succeededAt: -1 } });
  }

  /** A still-open balance checkout for this very amount, offered again instead of a second one. */
  async openBalanceAttempt(bookingId: string, amountPence: number, since: Date): Promise<Payment | null> {
    const found = await this.payments.find(
      { bookingId, purpose: 'balance', amountPence, status: 'pending', createdAt: { $gte: since.toISOString() } },
      { sort: { createdAt: -1 }, limit: 1 },
    );
    return found[0] ?? null;
  }

  balancePayments(bookingId: string): Promise<Payment[]> {
    return this.payments.find({ bookingId, purpose: 'balance' });
  }

  attemptsSoFar(bookingId: string, kind: PaymentKind, percentage: PaymentPercentage): Promise<number> {
    return this.payments.count({ bookingId, kind, percentage });
  }

  async latestIntent(filter: { bookingId: string } | { randomNumber: number }): Promise<Payment | null> {
    const found = await this.payments.find({ ...filter, kind: 'intent' }, { sort: { createdAt: -1 }, limit: 1 });
    return found[0] ?? null;
  }

  /** Inserts a new attempt; when a concurrent request already stored it, returns that one. */
  async insert(payment: Payment): Promise<Payment> {
    try {
      return await this.payments.insertOne(payment);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const existing = await this.byRef(payment._id);
      if (!existing) throw err;
      return existing;
    }
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
