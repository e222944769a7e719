import { describe, expect, it } from 'vitest';
import { baseLine, countLine, emailParts, phoneLine, ratingOf } from './driver-summary';

describe('a driver as one row of the staff list', () => {
  it('names the base by its postcode, or by the place when no postcode is stored, with the radius kept on one line', () => {
    const homeBase = { label: 'Cricklewood NW2', lat: 51.55, lng: -0.22 };
    expect(baseLine({ basePostcode: 'NW2', homeBase, serviceRadiusMiles: 15 })).toBe('NW2 · 15\u00a0mi');
    expect(baseLine({ basePostcode: '', homeBase, serviceRadiusMiles: 35 })).toBe('Cricklewood NW2 · 35\u00a0mi');
    expect(baseLine({ basePostcode: ' ', homeBase: { ...homeBase, label: '' }, serviceRadiusMiles: 5 })).toBe(
      'No base set · 5\u00a0mi',
    );
  });

  it('lets an e-mail address break only after its @', () => {
    expect(emailParts('kwame.mensah@drivers.vanhop.example')).toEqual(['kwame.mensah@', 'drivers.vanhop.example']);
    expect(emailParts('not-an-address')).toEqual(['not-an-address']);
  });

  it('groups an 11-digit UK number and leaves any other as stored', () => {
    expect(phoneLine('07700900123')).toBe('07700 900123');
    expect(phoneLine('+447700900123')).toBe('+447700900123');
  });

  it('writes a rating with its count, in words for a screen reader, and nothing without reviews', () => {
    expect(ratingOf({ rating: 4.75, reviewCount: 212 })).toEqual({
      score: '4.8',
      count: '(212)',
      words: '4.8 out of 5 from 212 reviews',
    });
    expect(ratingOf({ rating: 5, reviewCount: 1 })?.words).toBe('5.0 out of 5 from 1 review');
    expect(ratingOf({ rating: 0, reviewCount: 0 })).toBeNull();
    // One figure everywhere: the approved VanHop reviews count in, as they do beside the customer's offers.
    expect(ratingOf({ rating: 4, reviewCount: 2 }, { rating: 5, count: 2 })).toEqual({
      score: '4.5',
      count: '(4)',
      words: '4.5 out of 5 from 4 reviews',
    });
    expect(ratingOf({ rating: 0, reviewCount: 0 }, { rating: 5, count: 1 })?.words).toBe('5.0 out of 5 from 1 review');
  });

  it('counts the drivers, and the suspended ones only when there are some', () => {
    expect(countLine([{ active: true }, { active: false }, { active: true }])).toBe(
      '3 drivers · 2 active · 1 suspended',
    );
    expect(countLine([{ active: true }])).toBe('1 driver · 1 active');
  });
});
