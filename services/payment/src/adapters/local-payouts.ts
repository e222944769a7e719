import { randomBytes } from 'node:crypto';
import { insertUnique, type DocumentStore } from '@vanhop/platform';
import type { PayoutProvider } from '../domain/payouts.js';

interface LocalPayout {
  _id: string;
  ref: string;
  driverId: string;
  week: string;
  amountPence: number;
  at: string;
  note: string;
}

/**
 * Embedded mode without a Stripe key: a payout is an entry in the local ledger (`local_payouts`),
 * one per idempotency key, plainly marked as moving no money.
 */
export class LocalPayouts implements PayoutProvider {
  readonly name = 'local' as const;
  private readonly ledger;

  constructor(
    store: DocumentStore,
    private readonly now: () => Date,
  ) {
    this.ledger = store.collection<LocalPayout>('local_payouts');
  }

  async accountFor(): Promise<null> {
    return null;
  }

  async transfer(t: {
    driverId: string;
    week: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }> {
    const entry = {
      _id: t.idempotencyKey,
      ref: `po_local_${randomBytes(8).toString('hex')}`,
      driverId: t.driverId,
      week: t.week,
      amountPence: t.amountPence,
      at: this.now().toISOString(),
      note: 'local ledger: no money moved',
    };
    if (await insertUnique(this.ledger, entry)) return { ref: entry.ref };
    return { ref: (await this.ledger.findOne({ _id: t.idempotencyKey }))!.ref };
  }
}
