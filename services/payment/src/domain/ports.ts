import type { CommissionRateChange, CommissionRateView, OutboxEntry, PaymentPercentage } from '@vanhop/contracts';
import type { JobFacts } from './earnings.js';
import type { LocalCharge } from './local-checkout.js';
import type { Payment, PaymentKind } from './payment.js';
import type { Payout } from './payouts.js';
import type { Refund } from './refund.js';

/**
 * Payment attempts (each with the PaymentSucceeded parked on it) and the provider events already
 * seen. State changes are named conditional writes, so the webhook, the success page and replays
 * race safely: only one of them matches. Attempts are handed out without their parked events.
 */
export interface PaymentRepository {
  byRef(ref: string): Promise<Payment | null>;
  /**
   * A still-open attempt for the same charge opened by the same client, so a double click does not
   * open a second one. Another client gets an attempt of its own: a session id or a client secret is
   * what later proves the payer (the success page, the retrieve page), so it is never handed to someone else.
   */
  openAttempt(
    bookingId: string,
    kind: PaymentKind,
    percentage: PaymentPercentage,
    amountPence: number,
    since: Date,
    clientKey: string | undefined,
  ): Promise<Payment | null>;
  /** The unpaid deposit attempts of these bookings whose holds still live: the checkouts that could still take money. */
  liveHoldAttempts(bookingIds: readonly string[], now: Date): Promise<Payment[]>;
  /** Open deposit attempts whose driver hold has lapsed (oldest lapse first): the hold-lapse sweep closes them. */
  lapsedHoldAttempts(now: Date, limit: number): Promise<Payment[]>;
  /** Every attempt of the booking still open (not paid, not failed or closed), any age, any client. */
  pendingAttempts(bookingId: string): Promise<Payment[]>;
  succeededFor(bookingId: string): Promise<Payment | null>;
  /** Every payment that took money for the booking, newest first (the order refunds use). */
  succeededPayments(bookingId: string): Promise<Payment[]>;
  /** A still-open balance checkout for this very amount, offered again instead of a second one. */
  openBalanceAttempt(bookingId: string, amountPence: number, since: Date): Promise<Payment | null>;
  balancePayments(bookingId: string): Promise<Payment[]>;
  attemptsSoFar(bookingId: string, kind: PaymentKind, percentage: PaymentPercentage): Promise<number>;
  /** The client's unpaid deposit attempts (any booking, any e-mail) whose holds still live. */
  liveHoldsOfClient(clientKey: string, now: Date): Promise<Payment[]>;
  /** The customer's unpaid deposit attempts (any booking, any client) whose holds still live. */
  liveHoldsOf(holder: string, now: Date): Promise<Payment[]>;
  /** Whether another attempt for the booking still holds its driver (then a failure must not free them). */
  otherLiveHold(bookingId: string, exceptRef: string, now: Date): Promise<boolean>;
  /** A reused attempt holds the driver again from now (an intent has no expiry of its own). */
  extendHold(ref: string, holdUntil: Date): Promise<void>;
  latestIntent(filter: { bookingId: string } | { randomNumber: number }): Promise<Payment | null>;
  /** Inserts a new attempt; when a concurrent request already stored it, returns that one. */
  insert(payment: Payment): Promise<Payment>;
  /** Succeeded, with its PaymentSucceeded, in one write; false when another path recorded it first. */
  markSucceededIfNot(
    ref: string,
    at: string,
    event: OutboxEntry,
    facts?: Pick<Payment, 'driverTaken'>,
  ): Promise<boolean>;
  /** A failure only marks an open attempt; a later success on the same intent still wins. */
  markFailedIfPending(ref: string, message: string, at: string): Promise<void>;
  hasSeenEvent(id: string): Promise<boolean>;
  markEventSeen(id: string, type: string, at: Date): Promise<void>;
}

/** Planned refunds (one per RefundRequested, keyed by its refund id) and the RefundIssued parked on each. */
export interface RefundRepository {
  byId(refundId: string): Promise<Refund | null>;
  forBooking(bookingId: string): Promise<Refund[]>;
  /** Stores a plan; when a concurrent delivery planned it first, returns that plan, never a second one. */
  insertOrExisting(refund: Refund): Promise<Refund>;
  /** One part given back by the provider: it is never asked again. */
  markPartRefunded(refundId: string, part: number, providerRefundId: string): Promise<void>;
  /** Issued, with its RefundIssued, in one write that matches only while still pending. */
  markIssuedIfPending(refundId: string, issuedAt: string, event: OutboxEntry): Promise<boolean>;
}

/** The earnings ledger: facts per booking (a redelivered event writes what is already there), the commission rate, payouts. */
export interface EarningsRepository {
  /** Sets facts on a booking's document, creating it first when this is the first fact heard. */
  setFacts(bookingId: string, facts: Record<string, unknown>, onlyIf?: Record<string, unknown>): Promise<void>;
  /** Every job the driver was ever given (the statement keeps those still theirs). */
  jobsOfDriver(driverId: string): Promise<JobFacts[]>;
  rate(): Promise<CommissionRateView>;
  setRate(change: CommissionRateChange): Promise<CommissionRateView>;
  payoutsOf(driverId: string, week: string): Promise<Payout[]>;
  /** Every payout of the driver, oldest first (clawbacks are counted across weeks). */
  payoutsOfDriver(driverId: string): Promise<Payout[]>;
  /** False when a payout under this key is already recorded (a double click or a retry). */
  claimPayout(p: Payout): Promise<boolean>;
  markPaid(id: string, ref: string): Promise<Payout | null>;
}

/** Which booking record was created for an unsaved quote (by fingerprint), so Book Now reuses it. */
export interface UnsavedQuoteRecords {
  bookingFor(fingerprint: string, since: Date): Promise<string | null>;
  remember(fingerprint: string, bookingId: string, at: Date): Promise<void>;
}

/** The local test provider's charges, as its TEST page shows and settles them. */
export interface LocalCharges {
  find(ref: string): Promise<LocalCharge | null>;
  /** Pay or Fail on the TEST page; null when there is no such charge. */
  settle(ref: string, outcome: 'succeeded' | 'failed'): Promise<LocalCharge | null>;
}
