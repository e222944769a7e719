import type { Review } from './review.js';

/** Where reviews come from: Google Place Details when keyed, seeded reviews otherwise. */
export interface ReviewsSource {
  fetch(): Promise<Review[]>;
}
