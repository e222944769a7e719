import { describe, expect, it } from 'vitest';
import { combinedRating } from './driverRatings';

describe('a driver rating beside an offer', () => {
  it("is the offer's own figures while VanHop has no approved review rating the driver", () => {
    expect(combinedRating({ rating: 4.8, reviewCount: 212 }, undefined)).toEqual({ rating: 4.8, count: 212 });
    expect(combinedRating({ rating: 4.8, reviewCount: 212 }, { rating: 0, count: 0 })).toEqual({
      rating: 4.8,
      count: 212,
    });
  });

  it('weighs both sets of reviews by their counts, one decimal', () => {
    // (4.8 × 212 + 1 × 1) / 213 = 4.78 → 4.8; a driver with few reviews moves more.
    expect(combinedRating({ rating: 4.8, reviewCount: 212 }, { rating: 1, count: 1 })).toEqual({
      rating: 4.8,
      count: 213,
    });
    expect(combinedRating({ rating: 4.0, reviewCount: 2 }, { rating: 1, count: 2 })).toEqual({ rating: 2.5, count: 4 });
    expect(combinedRating({ rating: 0, reviewCount: 0 }, { rating: 5, count: 1 })).toEqual({ rating: 5, count: 1 });
  });
});
