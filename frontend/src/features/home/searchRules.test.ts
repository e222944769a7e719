import { describe, expect, it } from 'vitest';
import { MSG } from '@vanhop/contracts';
import { milesFromNw2, validateSearch, withinServiceArea } from './searchRules';

const picked = (label: string) => ({ text: label, choice: { label, lat: 51.5, lng: -0.1 } });

describe('home search rules', () => {
  it('requires both postcodes with the exact messages', () => {
    expect(validateSearch({ text: '', choice: null }, { text: ' ', choice: null })).toEqual({
      pickup: MSG.home.pickupRequired,
      dropoff: MSG.home.dropoffRequired,
    });
  });

  it('refuses text that was not picked from the list, or was edited after the pick', () => {
    expect(validateSearch(picked('London NW2, UK'), { text: 'SE1', choice: null })).toEqual({
      dropoff: MSG.home.selectFromList,
    });
    const edited = { text: 'London NW2, UK!', choice: { label: 'London NW2, UK', lat: 51.5, lng: -0.2 } };
    expect(validateSearch(edited, picked('London SE1, UK'))).toEqual({ pickup: MSG.home.selectFromList });
    expect(validateSearch(picked('London NW2, UK'), picked('London SE1, UK'))).toEqual({});
  });

  it('measures the 30-mile radius from NW2 with the haversine formula', () => {
    expect(milesFromNw2({ lat: 51.55847, lng: -0.21989 })).toBeCloseTo(0, 5);
    // Central London (about 5 miles) is in; Manchester (about 160 miles) is out.
    expect(milesFromNw2({ lat: 51.5074, lng: -0.1278 })).toBeGreaterThan(4);
    expect(withinServiceArea({ lat: 51.5074, lng: -0.1278 })).toBe(true);
    expect(withinServiceArea({ lat: 53.4808, lng: -2.2426 })).toBe(false);
    expect(milesFromNw2({ lat: 53.4808, lng: -2.2426 })).toBeGreaterThan(150);
  });
});
