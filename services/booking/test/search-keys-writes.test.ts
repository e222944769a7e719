import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '../src/domain/booking-record.js';
import { searchKeysOf } from '../src/domain/search-keys.js';
import { keysAfterSet } from '../src/adapters/booking-search-query.js';
import { bookingRecord } from './admin-support.js';

const record = (): StoredBooking & { searchKeys?: string[]; driverKeys?: string[] } => {
  const r = bookingRecord({
    quote: {
      ...bookingRecord().quote,
      name: 'Kit Keys',
      places: ['London SE15, UK'],
      date: '2026-12-01T10:00:00.000Z',
    },
  }) as unknown as StoredBooking;
  return { ...r, ...searchKeysOf(r) };
};

/** Which search keys a write sets beside its own fields: only those it changes, never one it cannot know. */
describe('keysAfterSet', () => {
  it('sets nothing for a write that changes neither the quote nor the driver of a keyed record', () => {
    expect(keysAfterSet(record(), { paymentStatus: 'paid' })).toEqual({});
  });

  it('a new move day moves the place keys to it (a dotted quote field)', () => {
    const keys = keysAfterSet(record(), { 'quote.date': '2027-01-05T10:00:00.000Z' });
    expect(keys.searchKeys).toContain('a:se15|2027-01-05');
    expect(keys.searchKeys).not.toContain('a:se15|2026-12-01');
    expect(keys.driverKeys).toBeUndefined();
  });

  it('without the record, a whole quote sets the customer keys and leaves the driver keys alone', () => {
    const keys = keysAfterSet(null, { quote: record().quote, paymentStatus: 'paid' });
    expect(keys.searchKeys).toContain('t:kit keys');
    expect(keys).not.toHaveProperty('driverKeys');
    expect(keysAfterSet(null, { 'quote.totalPrice': 200 })).toEqual({});
  });

  it('a new driver sets the driver keys only', () => {
    const keys = keysAfterSet(record(), { driver: { id: 'd2', name: 'Nia New', email: 'n@example.com', phone: '1' } });
    expect(keys).toEqual({ driverKeys: ['t:new', 't:nia', 't:nia new'] });
  });

  it('a record saved before the keys gets both at its next write', () => {
    const { searchKeys: _s, driverKeys: _d, ...unkeyed } = record();
    const keys = keysAfterSet(unkeyed as StoredBooking, { paymentStatus: 'paid' });
    expect(keys.searchKeys).toContain('t:kit');
    expect(keys.driverKeys).toContain('t:dev driver');
  });
});
