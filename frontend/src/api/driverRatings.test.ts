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

  it("uses VanHop's exact sum when the answer carries it, as the offers do (no rounding twice)", () => {
    // 3.7 over 1 and three VanHop reviews summing 14 (4.7 shown alone): (3.7 + 14) / 4 = 4.425 → 4.4,
    // where the rounded 4.7 × 3 would have given (3.7 + 14.1) / 4 = 4.45 → 4.5.
    expect(combinedRating({ rating: 3.7, reviewCount: 1 }, { rating: 4.7, count: 3, sum: 14 })).toEqual({
      rating: 4.4,
      count: 4,
    });
  });
});
