/**
 * Payouts of the online money owed to a driver for one week. One payout document per attempt,
 * keyed by its idempotency key (`vanhop-payout-<driver>-<week>-<n>`), so a double click, a retry
 * or a crash between the provider call and our write pays once.
 */
import { weekText, type PayoutView } from '@vanhop/contracts';
import type { DriverRef } from './earnings.js';

export interface Payout extends Omit<PayoutView, 'id' | 'weekText'> {
  _id: string;
  driverId: string;
  /**
   * What the payout paid for each job (key: factKey(bookingId)), so a job that later leaves the
   * driver or is refunded can be clawed back exactly. Absent on payouts made before it was kept.
   */
  jobs?: Record<string, number>;
  /** Clawbacks this payout took back (key: factKey(bookingId)): positive pence, deducted from its amount. */
  clawbacks?: Record<string, number>;
  /** The Stripe connected account paid (Stripe only). */
  destination?: string;
}

export const payoutKey = (driverId: string, week: string, n: number): string =>
  `vanhop-payout-${driverId}-${week}-${n}`;

export const payoutView = (p: Payout): PayoutView => ({
  id: p._id,
  week: p.week,
  weekText: weekText(p.week),
  amountPence: p.amountPence,
  status: p.status,
  provider: p.provider,
  ref: p.ref,
  by: p.by,
  at: p.at,
});

/** Where payouts go: Stripe Connect transfers, or the local ledger in embedded mode without a key. */
export interface PayoutProvider {
  readonly name: 'stripe' | 'local';
  /** The driver's connected account (created on first use); null for the local ledger. */
  accountFor(driver: DriverRef): Promise<string | null>;
  transfer(t: {
    driverId: string;
    week: string;
    amountPence: number;
    destination: string | null;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
}
