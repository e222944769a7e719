import { describe, expect, it } from 'vitest';
import { bookingReducer, initialBookingDraft, moveRestored } from '../store/bookingSlice';
import { draftForBookAgain } from './book-again';
import { bookAgainOf, bookAgainState } from '../lib/route-state';

describe('book this move again', () => {
  const again = {
    addresses: [
      { id: 'a', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
      { id: 'v', location: 'London NW6, UK', physicalAddress: '7 Via Lane', stair: 2 },
      { id: 'b', location: 'Cricklewood, UK', physicalAddress: '3 Other Street', stair: 0 },
    ],
    vanSize: 'Luton',
    driverHelp: 'Driver-Plus-One',
    hour: 4,
    description: 'Piano',
    name: 'Alex Mover',
    email: 'alex@example.com',
    phone: '07123456789',
    items: [{ id: 'sofa-3-seat', count: 1 }],
  };

  it('fills the form with the same stops, van, help, hours and details, and no date', () => {
    const dated = { ...initialBookingDraft, date: '2026-12-01T10:00:00.000Z' };
    const state = bookingReducer(dated, moveRestored(draftForBookAgain(again)));
    expect(state.date).toBe('');
    expect(state.addresses.map((a) => [a.location, a.physicalAddress, a.stair])).toEqual([
      ['London NW2, UK', '12 Example Road', 1],
      ['London NW6, UK', '7 Via Lane', 2],
      ['Cricklewood, UK', '3 Other Street', 0],
    ]);
    expect(state).toMatchObject({ vanSize: 'Luton', driverHelp: 'Driver-Plus-One', hour: 4, name: 'Alex Mover' });
    expect(state.items).toEqual([{ id: 'sofa-3-seat', count: 1 }]);
  });

  it('reads the move from the navigation state only when it is one', () => {
    expect(bookAgainOf(bookAgainState(again))).toEqual(again);
    expect(bookAgainOf(null)).toBeNull();
    expect(bookAgainOf({ again: { vanSize: 'Large' } })).toBeNull();
  });

  it('leaves unchosen what the form would not take', () => {
    const draft = draftForBookAgain({
      ...again,
      vanSize: 'Bus',
      driverHelp: 'x',
      hour: '',
      items: [{ nope: 1 }] as never,
    });
    expect(draft).toMatchObject({ vanSize: 'Large', driverHelp: 'Driver-Help', hour: '', items: [] });
  });
});
