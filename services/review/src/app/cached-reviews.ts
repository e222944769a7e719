import type { Cache, Logger } from '@vanhop/platform';
import type { Review } from '../domain/review.js';
import type { ReviewsSource } from '../domain/reviews-source.js';

const FRESH_KEY = 'reviews:fresh';
const STALE_KEY = 'reviews:stale';

/**
 * Serves reviews from the cache (shared by all instances through Redis) and asks the source only
 * when the fresh copy expired. A longer-lived stale copy is served when the source fails, so a
 * Google outage or quota error does not empty the home page's carousel.
 */
export class CachedReviews implements ReviewsSource {
  private inFlight: Promise<Review[]> | null = null;

  constructor(
    private readonly source: ReviewsSource,
    private readonly cache: Cache,
    private readonly logger: Logger,
    private readonly ttl: { freshSeconds: number; staleSeconds: number },
  ) {}

  async fetch(): Promise<Review[]> {
    const fresh = await this.read(FRESH_KEY);
    if (fresh) return fresh;
    // One refresh at a time per instance: concurrent requests share it.
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<Review[]> {
    try {
      const reviews = await this.source.fetch();
      const json = JSON.stringify(reviews);
      await this.cache.set(FRESH_KEY, json, this.ttl.freshSeconds);
      await this.cache.set(STALE_KEY, json, this.ttl.staleSeconds);
      return reviews;
    } catch (err) {
      const stale = await this.read(STALE_KEY);
      if (!stale) throw err;
      this.logger.warn({ err: (err as Error).message }, 'reviews source failed; serving the stale copy');
      return stale;
    }
  }

  private async read(key: string): Promise<Review[] | null> {
    const raw = await this.cache.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Review[];
    } catch {
      return null;
    }
  }
}
