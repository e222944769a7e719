import { DEFAULT_COMMISSION_RATE_BPS, type CommissionRateChange, type CommissionRateView } from '@vanhop/contracts';
import { insertUnique, type DocumentStore } from '@vanhop/platform';
import { factKey, type JobFacts } from '../domain/earnings.js';
import type { Payout } from '../domain/payouts.js';
import type { EarningsRepository as EarningsRepositoryPort } from '../domain/ports.js';

interface RateDoc {
  _id: string;
  rateBps: number;
  changes: CommissionRateChange[];
}
interface AccountDoc {
  _id: string;
  stripeAccountId: string;
  createdAt: string;
}

const RATE_ID = 'commission-rate';

/**
 * The earnings ledger's documents: one per booking (`earnings_jobs`, facts set under their own
 * keys, so a redelivered event writes what is already there), the commission rate with its
 * history, payouts, and drivers' connected accounts.
 */
export class EarningsRepository implements EarningsRepositoryPort {
  private readonly jobs;
  private readonly rates;
  readonly payouts;
  private readonly accounts;

  constructor(store: DocumentStore) {
    this.jobs = store.collection<JobFacts>('earnings_jobs');
    this.rates = store.collection<RateDoc>('earnings_settings');
    this.payouts = store.collection<Payout>('earnings_payouts');
    this.accounts = store.collection<AccountDoc>('driver_payout_accounts');
  }

  async ensureIndexes(): Promise<void> {
    await this.payouts.ensureIndex({ fields: { driverId: 1, week: 1 } });
    await this.payouts.ensureIndex({ fields: { driverId: 1, at: 1 } });
  }

  /** Sets facts on a booking's document, creating it first when this is the first fact heard. */
  async setFacts(
    bookingId: string,
    facts: Record<string, unknown>,
    onlyIf: Record<string, unknown> = {},
  ): Promise<void> {
    await insertUnique(this.jobs, { _id: bookingId });
    await this.jobs.updateOne({ _id: bookingId, ...onlyIf }, { $set: facts });
  }

  /** Every job the driver was ever given (the statement keeps those still theirs). */
  jobsOfDriver(driverId: string): Promise<JobFacts[]> {
    return this.jobs.find({ [`drivers.${factKey(driverId)}`]: true });
  }

  async rate(): Promise<CommissionRateView> {
    const doc = await this.rates.findOne({ _id: RATE_ID });
    return { rateBps: doc?.rateBps ?? DEFAULT_COMMISSION_RATE_BPS, changes: doc?.changes ?? [] };
  }

  async setRate(change: CommissionRateChange): Promise<CommissionRateView> {
    await insertUnique(this.rates, { _id: RATE_ID, rateBps: DEFAULT_COMMISSION_RATE_BPS, changes: [] });
    await this.rates.updateOne({ _id: RATE_ID }, { $set: { rateBps: change.rateBps }, $push: { changes: change } });
    return this.rate();
  }

  payoutsOf(driverId: string, week: string): Promise<Payout[]> {
    return this.payouts.find({ driverId, week }, { sort: { at: 1 } });
  }

  payoutsOfDriver(driverId: string): Promise<Payout[]> {
    return this.payouts.find({ driverId }, { sort: { at: 1 } });
  }

  /** False when a payout under this key is already recorded (a double click or a retry). */
  claimPayout(p: Payout): Promise<boolean> {
    return insertUnique(this.payouts, p);
  }

  async markPaid(id: string, ref: string): Promise<Payout | null> {
    await this.payouts.updateOne({ _id: id, status: 'pending' }, { $set: { status: 'paid', ref } });
    return this.payouts.findOne({ _id: id });
  }

  async connectedAccount(driverId: string): Promise<string | null> {
    return (await this.accounts.findOne({ _id: driverId }))?.stripeAccountId ?? null;
  }

  async saveConnectedAccount(driverId: string, stripeAccountId: string, at: string): Promise<string> {
    // Two first payouts at once create one account (same idempotency key at Stripe); the first write stays.
    await insertUnique(this.accounts, { _id: driverId, stripeAccountId, createdAt: at });
    return (await this.connectedAccount(driverId)) ?? stripeAccountId;
  }
}
