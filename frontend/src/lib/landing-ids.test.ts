import { describe, expect, it } from 'vitest';
import { SERVICE_TITLES } from '@vanhop/contracts';
import { LANDING_PLACES, landingPath, parseLandingId, placeDisplayName } from './landing-ids';

describe('local landing ids', () => {
  it('deduplicates the place list', () => {
    expect(LANDING_PLACES.size).toBe(589);
    expect(LANDING_PLACES.get('bromley')).toBe('Bromley');
    expect(LANDING_PLACES.get('abbey-wood')).toBe('Abbey Wood');
  });

  it('accepts every service with every place', () => {
    for (const service of SERVICE_TITLES) {
      for (const place of LANDING_PLACES.values()) {
        expect(parseLandingId(landingPath(service, place).slice(1))).toEqual({ service, place });
      }
    }
  });

  it('reads multi-word services and places', () => {
    expect(parseLandingId('house-or-apartment-moves-east-central-london')).toEqual({
      service: 'House or Apartment Moves',
      place: 'East-Central-London',
    });
    expect(parseLandingId('man-and-van-abbey-wood')).toEqual({ service: 'Man and Van', place: 'Abbey Wood' });
  });

  it('refuses anything else', () => {
    for (const id of [
      'man-and-van',
      'man-and-van-atlantis',
      'bromley',
      'piano-moves-bromley',
      'man-and-van-bromley-extra',
      'man-and-van--bromley',
      '',
    ]) {
      expect(parseLandingId(id)).toBeNull();
    }
  });

  it('reads region names with spaces but keeps real hyphenated names', () => {
    expect(placeDisplayName('East-Central-London')).toBe('East Central London');
    expect(placeDisplayName('Bromley-by-Bow')).toBe('Bromley-by-Bow');
    expect(placeDisplayName('Abbey Wood')).toBe('Abbey Wood');
  });
});
