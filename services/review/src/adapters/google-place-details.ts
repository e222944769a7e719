import { UpstreamError } from '@vanhop/platform';
import type { GooglePlacesConfig } from '../config.js';
import type { Review } from '../domain/review.js';
import type { ReviewsSource } from '../domain/reviews-source.js';

interface PlaceDetailsReview {
  rating?: unknown;
  author_name?: unknown;
  time?: unknown;
  profile_photo_url?: unknown;
  text?: unknown;
}

/** Google Place Details (`fields=reviews`): the business's latest reviews, mapped to our Review. */
export class GooglePlaceDetailsReviews implements ReviewsSource {
  constructor(private readonly config: GooglePlacesConfig) {}

  async fetch(): Promise<Review[]> {
    const url = new URL('/maps/api/place/details/json', this.config.baseUrl);
    url.searchParams.set('place_id', this.config.placeId);
    url.searchParams.set('fields', 'reviews');
    url.searchParams.set('reviews_sort', 'newest');
    url.searchParams.set('language', 'en-GB');
    url.searchParams.set('key', this.config.key);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.config.timeoutMs) });
    } catch (err) {
      throw new UpstreamError(`Google Place Details unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new UpstreamError(`Google Place Details answered HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as {
      status?: unknown;
      error_message?: unknown;
      result?: { reviews?: unknown };
    } | null;
    if (body?.status !== 'OK') {
      // The key never appears in errors: Google echoes it in some messages.
      throw new UpstreamError(`Google Place Details status ${String(body?.status ?? 'unreadable')}`);
    }
    const reviews = Array.isArray(body.result?.reviews) ? (body.result.reviews as PlaceDetailsReview[]) : [];
    return reviews.map(toReview).filter((r): r is Review => r !== null);
  }
}

/** Keeps only well-formed reviews; a missing photo or text becomes an empty string. */
function toReview(r: PlaceDetailsReview): Review | null {
  if (typeof r?.rating !== 'number' || typeof r.author_name !== 'string' || typeof r.time !== 'number') return null;
  return {
    rating: r.rating,
    author_name: r.author_name,
    time: r.time,
    profile_photo_url: typeof r.profile_photo_url === 'string' ? r.profile_photo_url : '',
    text: typeof r.text === 'string' ? r.text : '',
  };
}
