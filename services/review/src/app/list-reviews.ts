import type { Logger } from '@vanhop/platform';
import type { Review } from '../domain/review.js';
import { newestFirst } from '../domain/review.js';
import type { ReviewsSource } from '../domain/reviews-source.js';

/**
 * The home carousel's reviews (GET /api/google/review): the Google (or seeded) ones and VanHop's
 * own approved reviews together, newest first, all in the wire contract's Review shape (docs/WIRE-CONTRACT.md).
 */
export class ListReviews {
  constructor(
    private readonly source: ReviewsSource,
    private readonly approved: () => Promise<Review[]> = async () => [],
    private readonly logger?: Logger,
  ) {}

  async execute(): Promise<Review[]> {
    const [external, own] = await Promise.allSettled([this.source.fetch(), this.approved()]);
    if (own.status === 'rejected') throw own.reason;
    if (external.status === 'rejected') {
      // Our own reviews can still fill the carousel; with none, the source's error is the answer.
      if (own.value.length === 0) throw external.reason;
      this.logger?.warn({ err: String(external.reason) }, 'reviews source failed; serving VanHop reviews only');
      return newestFirst(own.value);
    }
    return newestFirst([...external.value, ...own.value]);
  }
}
