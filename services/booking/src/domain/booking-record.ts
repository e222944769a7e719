import type { BookingRecord } from '@vanhop/contracts';
import type { WithOutbox } from '@vanhop/platform';

export type StoredBooking = BookingRecord & WithOutbox;

/** What a customer holding the code may see (SPEC.md "Retrieved record"): no driver contact, no internals. */
export function customerView(record: StoredBooking) {
  return {
    _id: record._id,
    randomNumber: record.randomNumber,
    date: record.date,
    quote: record.quote,
    paymentStatus: record.paymentStatus,
    OutstandingBalance: record.OutstandingBalance,
    percentage: record.percentage,
  };
}

/** The record as other services read it: everything but the pending events. */
export function internalView(record: StoredBooking): BookingRecord {
  const { outbox: _outbox, ...rest } = record;
  return rest;
}
