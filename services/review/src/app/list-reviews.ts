import type { Review } from '../domain/review.js';
import { newestFirst } from '../domain/review.js';
import type { ReviewsSource } from '../domain/reviews-source.js';

export class ListReviews {
  constructor(private readonly source: ReviewsSource) {}

  async execute(): Promise<Review[]> {
    return newestFirst(await this.source.fetch());
  }
}
