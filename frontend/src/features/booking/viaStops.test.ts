import { describe, expect, it } from 'vitest';
import type { GeoSuggestion } from '@vanhop/contracts';
import { exactMatch } from '../../ui/address/GeoSuggestInput';
import { viaStopErrors, viaFieldKey } from './bookingModel';
import {
  addressChanged,
  bookingReducer,
  initialBookingDraft,
  loadBookingDraft,
  saveBookingDraft,
  searchChosen,
  stopAdded,
} from '../../store/bookingSlice';

const withStop = () =>
  bookingReducer(
    bookingReducer(initialBookingDraft, searchChosen({ pickup: 'London NW2, UK', dropoff: 'London SE1, UK' })),
    stopAdded(),
  );

describe('a via stop is a full address of its own', () => {
  it('a new stop has no chosen place, building address or stairs, and the form says so for each', () => {
    const s = withStop();
    const stop = s.addresses[1]!;
    expect(stop.placeChosen).toBe(false);
    expect(viaStopErrors(s.addresses)).toEqual({
      [viaFieldKey(stop.id, 'location')]: 'Via stop 1: choose its postcode or place',
      [viaFieldKey(stop.id, 'address')]: 'Via stop 1 Building Address is required',
      [viaFieldKey(stop.id, 'stair')]: 'Via stop 1 Stair is required',
    });
  });

  it('picking a place, typing the address and choosing stairs leaves nothing to say; the choice survives a reload', () => {
    let s = withStop();
    const id = s.addresses[1]!.id;
    s = bookingReducer(s, addressChanged({ id, physicalAddress: '4 Commercial Road', stair: 1 }));
    expect(Object.keys(viaStopErrors(s.addresses))).toEqual([viaFieldKey(id, 'location')]);
    const store = new Map<string, string>();
    saveBookingDraft({ setItem: (k, v) => void store.set(k, v) }, s);
    expect(loadBookingDraft({ getItem: (k) => store.get(k) ?? null }).addresses[1]!.placeChosen).toBe(false);
    s = bookingReducer(s, addressChanged({ id, location: 'London E1, UK' }));
    expect(s.addresses[1]).toEqual({ id, location: 'London E1, UK', physicalAddress: '4 Commercial Road', stair: 1 });
    expect(viaStopErrors(s.addresses)).toEqual({});
  });
});

describe('Enter on a suggestion the text names exactly', () => {
  const options: GeoSuggestion[] = [
    { label: 'London NW2, UK', kind: 'postcode', outcode: 'NW2', lat: 0, lng: 0 },
    { label: 'London NW10, UK', kind: 'postcode', outcode: 'NW10', lat: 0, lng: 0 },
  ];
  it('takes the postcode typed in full, in any case, and nothing ambiguous', () => {
    expect(exactMatch(options, 'nw2')?.label).toBe('London NW2, UK');
    expect(exactMatch(options, ' London NW10, UK ')?.label).toBe('London NW10, UK');
    expect(exactMatch(options, 'NW')).toBeUndefined();
    expect(exactMatch(options, 'London')).toBeUndefined();
    expect(exactMatch(options, '')).toBeUndefined();
  });

  it('takes a full postcode typed with or without its space', () => {
    const full: GeoSuggestion[] = [
      { label: 'NW2 4QB, UK', kind: 'postcode', outcode: 'NW2', lat: 0, lng: 0 },
      { label: 'Cricklewood, UK', kind: 'place', outcode: 'NW2', lat: 0, lng: 0 },
    ];
    expect(exactMatch(full, 'NW2 4QB')?.label).toBe('NW2 4QB, UK');
    expect(exactMatch(full, 'nw24qb')?.label).toBe('NW2 4QB, UK');
    expect(exactMatch(full, 'NW2 4QA')).toBeUndefined();
  });
});
