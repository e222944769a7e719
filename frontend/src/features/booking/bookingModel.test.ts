import { describe, expect, it } from 'vitest';
import type { BookingQuoteResponse, Offer } from '@vanhop/contracts';
import {
  changesFromForm,
  formValuesFrom,
  newRetrieveCode,
  offersByPrice,
  overtimeOf,
  quoteForOffer,
  shareOf,
  toBookingRequest,
} from './bookingModel';
import {
  bookingReducer,
  initialBookingDraft,
  loadBookingDraft,
  saveBookingDraft,
  searchChosen,
  stopAdded,
  stopRemoved,
  addressChanged,
  BOOKING_STORAGE_KEY,
} from '../../store/bookingSlice';

const withMove = () => {
  let s = bookingReducer(initialBookingDraft, searchChosen({ pickup: 'London NW2, UK', dropoff: 'London SE1, UK' }));
  s = bookingReducer(s, stopAdded());
  return s;
};

describe('booking slice', () => {
  it('starts with a Large van and Driver-Help, and puts a new via stop before the delivery', () => {
    expect(initialBookingDraft.vanSize).toBe('Large');
    expect(initialBookingDraft.driverHelp).toBe('Driver-Help');
    const s = withMove();
    expect(s.addresses.map((a) => a.location)).toEqual(['London NW2, UK', 'London NW2, UK', 'London SE1, UK']);
    expect(s.addresses[1]).toMatchObject({ location: 'London NW2, UK', physicalAddress: '', stair: '' });
    expect(new Set(s.addresses.map((a) => a.id)).size).toBe(3);
  });

  it('removes only via stops', () => {
    const s = withMove();
    expect(bookingReducer(s, stopRemoved(s.addresses[0]!.id)).addresses).toHaveLength(3);
    expect(bookingReducer(s, stopRemoved(s.addresses[1]!.id)).addresses).toHaveLength(2);
  });

  it('survives a reload through sessionStorage and ignores junk', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const s = withMove();
    saveBookingDraft(storage, s);
    expect(loadBookingDraft(storage)).toEqual(s);
    store.set(BOOKING_STORAGE_KEY, '{not json');
    expect(loadBookingDraft(storage)).toEqual(initialBookingDraft);
  });
});

describe('form and request mapping', () => {
  it('maps the Formik fields to the end addresses and details', () => {
    const s = withMove();
    const values = {
      ...formValuesFrom(s),
      collection_address: '12 High Road',
      collection_stair: '2',
      delivery_stair: '0',
      how_many_hour: '2.5',
      name: 'Alice',
    };
    const { ends, details } = changesFromForm(s, values);
    expect(ends).toEqual([
      { id: s.addresses[0]?.id, physicalAddress: '12 High Road', stair: 2 },
      { id: s.addresses[2]?.id, physicalAddress: '', stair: 0 },
    ]);
    expect(details).toEqual({ hour: 2.5, name: 'Alice' });
    let next = s;
    for (const e of ends) next = bookingReducer(next, addressChanged(e));
    expect(formValuesFrom(next).collection_stair).toBe('2');
  });

  it('leaves half-typed details out of a draft request', () => {
    const s = { ...withMove(), email: 'alice@', phone: '07 7', name: 'Al', hour: 3 as const };
    // the draft schema holds a given name to 4 to 20 characters, so a half-typed 'Al' is left out too
    const req = toBookingRequest(s);
    expect(req).toMatchObject({ vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3 });
    expect(req.name).toBeUndefined();
    expect(req.email).toBeUndefined();
    expect(req.phone).toBeUndefined();
    expect(req.addresses).toHaveLength(3);
  });
});

describe('offers and money', () => {
  const offer = (id: string, totalPrice: number, rating: number): Offer => ({
    driverId: id,
    driverName: id,
    rating,
    reviewCount: 3,
    typeofVan: 'Luton',
    typeOfWorker: 'No-Help',
    totalPrice,
    overtimePerHalfHour: 20,
    chargesOnTheDay: [],
    breakdown: [],
  });

  it('orders offers by price then rating and copies the chosen driver into the quote', () => {
    expect(offersByPrice([offer('a', 200, 4), offer('b', 150, 3), offer('c', 150, 5)]).map((o) => o.driverId)).toEqual([
      'c',
      'b',
      'a',
    ]);
    const response = {
      quote: { totalPrice: 99, totalSecond: 7200, typeofVan: 'Large', name: 'Alice' },
      offers: [],
      preliminary: false,
      yourinfo: { receivedData: {} },
    } as unknown as BookingQuoteResponse;
    expect(quoteForOffer(response, offer('b', 150, 3))).toMatchObject({
      name: 'Alice',
      totalPrice: 150,
      typeofVan: 'Luton',
      driverId: 'b',
      overtimePerHalfHour: 20,
    });
  });

  it('computes deposits to 2 decimals and overtime per half hour', () => {
    expect(shareOf(123.45, 30)).toBe('£37.04');
    expect(shareOf(3312.16, 100)).toBe('£3,312.16');
    expect(shareOf(123.45, 50)).toBe('£61.73');
    expect(shareOf(123.45, 100)).toBe('£123.45');
    expect(overtimeOf({ totalPrice: 180, totalSecond: 14400 })).toBe(22.5);
  });

  it('draws retrieve codes from 1 to 10,000,000', () => {
    expect(newRetrieveCode(() => 0)).toBe(1);
    expect(newRetrieveCode(() => 0.9999999999)).toBe(10_000_000);
  });
});
