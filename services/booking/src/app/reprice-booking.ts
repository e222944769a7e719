import { penceToPounds, type BookingHistoryEntry, type LifecycleFacts, formatPence } from '@vanhop/contracts';
import { ConflictError, type OutboxEntry } from '@vanhop/platform';
import type { StoredBooking } from '../domain/booking-record.js';
import { ruleFacts } from '../domain/lifecycle.js';
import { bookingRequestFromQuote } from '../domain/quote-request.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import type { QuotePricer } from '../domain/ports.js';

/** The money of a re-priced move, and the record as the write leaves it (new quote, request, driver). */
export interface Settlement {
  updated: StoredBooking;
  previousTotalPence: number;
  totalPence: number;
  balancePence: number;
  refundPence: number;
  /** The new time is outside the driver's working hours (asked with `outsideDriverHours`): they will be asked to confirm it. */
  outsideDriverHours?: boolean;
}

export interface Reprice {
  /** The parts of the stored pricing request that change (date, hour, addresses). */
  changes: Record<string, unknown>;
  /** Lifecycle fields the same write sets (state, frozenAt). */
  set: Partial<StoredBooking>;
  history(s: Settlement): BookingHistoryEntry[];
  /** The event that announces the change; RefundRequested goes with it when money is due back. */
  event(s: Settlement): Promise<OutboxEntry>;
  /** The rule that allowed the change, asked again of the record that won a race, for its reason. */
  rules(f: LifecycleFacts, now: Date): { allowed: boolean; reason?: string };
  /** The total the customer was shown before confirming; a different price now is refused (409). */
  expectedTotalPence?: number;
  /** The driver may be outside their working hours (staff amendments): they are asked to confirm. */
  outsideDriverHours?: boolean;
}

export const PRICE_CHANGED_SINCE_SHOWN =
  'The price for this date has changed since it was shown: please look at the new price and confirm again.';

/** "£x will be refunded to your card" / "£x left to pay" / nothing, as history lines end. */
export function settlementWords(s: Pick<Settlement, 'refundPence' | 'balancePence'>): string {
  if (s.refundPence > 0) return `: ${formatPence(s.refundPence)} will be refunded to your card`;
  return s.balancePence > 0 ? `: ${formatPence(s.balancePence)} left to pay` : '';
}

/** The money of a change priced at `totalPence`, against what was paid (net of refunds). */
export type SettlementMoney = Omit<Settlement, 'updated'>;

function settlementMoney(record: StoredBooking, totalPence: number): SettlementMoney {
  const facts = ruleFacts(record);
  const net = facts.amountPaidPence - facts.amountRefundedPence;
  return {
    previousTotalPence: facts.totalPricePence,
    totalPence,
    balancePence: Math.max(0, totalPence - net),
    refundPence: Math.max(0, net - totalPence),
  };
}

/** The same driver, free for the changed move (its own slots left out), at the rates it was booked at. */
function priceChange(
  pricer: QuotePricer,
  record: StoredBooking,
  changes: Record<string, unknown>,
  outsideDriverHours = false,
) {
  const { request, driverId } = pricingRequestOf(record);
  return pricer.price({ ...request, ...changes }, driverId, {
    bookingId: record._id,
    ...(record.bookedCard ? { bookedCard: record.bookedCard } : {}),
    ...(outsideDriverHours ? { outsideDriverHours } : {}),
  });
}

/**
 * What a change would cost, priced exactly as `repriceAndSettle` prices it, without writing anything:
 * the customer sees the new price and the difference before they confirm (and the confirmation
 * carries the total they saw, so a price that moved meanwhile is refused rather than charged).
 */
export async function previewReprice(
  pricer: QuotePricer,
  record: StoredBooking,
  changes: Record<string, unknown>,
): Promise<SettlementMoney> {
  return settlementMoney(record, (await priceChange(pricer, record, changes)).totalPricePence);
}

/**
 * Prices the same move with the same driver again through the quote service, with `changes`
 * applied to the stored request, and settles against what was paid: a dearer move leaves a balance,
 * a cheaper one is refunded the difference (RefundRequested, reason `reprice`). The new price, the
 * events and the history go in one conditional single-document write, so of two racing changes the
 * second matches nothing and is refused (409) rather than applied over the first.
 */
export async function repriceAndSettle(
  lifecycle: BookingLifecycleWriter,
  pricer: QuotePricer,
  record: StoredBooking,
  o: Reprice,
): Promise<{ record: StoredBooking; settlement: Settlement }> {
  const { driverId } = pricingRequestOf(record);
  const priced = await priceChange(pricer, record, o.changes, o.outsideDriverHours);
  if (o.expectedTotalPence !== undefined && o.expectedTotalPence !== priced.totalPricePence)
    throw new ConflictError(PRICE_CHANGED_SINCE_SHOWN);

  const percentage = record.quote.percentage ?? record.percentage;
  const settlement: Settlement = {
    updated: {
      ...record,
      quote: { ...priced.quote, percentage },
      request: { ...priced.request, ...(driverId ? { driverId } : {}) },
      driver: priced.driver ?? record.driver ?? null,
    },
    ...settlementMoney(record, priced.totalPricePence),
    ...(priced.outsideDriverHours ? { outsideDriverHours: true } : {}),
  };
  const { updated, balancePence, refundPence } = settlement;

  const outbox: OutboxEntry[] = [await o.event(settlement)];
  const refund = refundPence > 0 ? await lifecycle.refund(updated, refundPence, 'reprice') : null;
  if (refund) outbox.push(refund.entry);
  const written = await lifecycle.write(record, {
    set: {
      ...o.set,
      quote: updated.quote,
      request: updated.request,
      driver: updated.driver,
      // Some changes leave the price as it was (a building address): the revision still tells them apart.
      moveRevision: (record.moveRevision ?? 0) + 1,
      OutstandingBalance: penceToPounds(balancePence),
      paymentStatus: balancePence === 0 ? 'paid' : record.paymentStatus,
    },
    history: o.history(settlement),
    events: outbox,
    ...(refund ? { pendingRefund: refund.pending } : {}),
  });
  const fresh = await lifecycle.reload(record._id);
  if (!written) {
    const still = fresh && o.rules(ruleFacts(fresh), lifecycle.now());
    throw new ConflictError(
      still && !still.allowed
        ? (still.reason ?? 'This booking changed meanwhile.')
        : 'This booking changed meanwhile: please reload it and try again.',
    );
  }
  return { record: fresh ?? updated, settlement };
}

/** The stored pricing request (same move, same driver); records without one rebuild it from their quote. */
export function pricingRequestOf(record: StoredBooking): { request: Record<string, unknown>; driverId?: string } {
  const stored = record.request as (Record<string, unknown> & { driverId?: unknown }) | undefined;
  const fromQuote = bookingRequestFromQuote(record.quote);
  const { driverId: storedDriver, ...request } = stored ?? fromQuote.request;
  // The driver the booking names now comes first: a reassignment changes it, not the stored request.
  const driverId = record.driver?.id || (typeof storedDriver === 'string' && storedDriver) || fromQuote.driverId;
  return { request, ...(driverId ? { driverId } : {}) };
}
