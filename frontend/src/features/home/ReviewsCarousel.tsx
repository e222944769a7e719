/** Customer reviews from GET /api/google/review, newest first, advancing every 3 s. */
import { useState } from 'react';
import { fetchReviews, type Review } from '../../api/client';
import { useRotation } from './useRotation';
import { useResource } from '../../lib';
import { Dots } from './HowWeWork';

const reviewDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const newestFirst = (reviews: Review[]) => [...reviews].sort((a, b) => b.time - a.time);

/** Only same-origin or inline photos: the page must never reach out to third parties on its own. */
const isLocalImage = (url: string) => url.startsWith('/') || url.startsWith('data:image/');

/** The reviews, newest first; empty until (and unless) they arrive. Fetched once by the home page. */
const NONE: Review[] = [];

export function useReviews(): Review[] {
  // Background decoration: without reviews the home page simply shows none (the hook's contract).
  const reviews = useResource(() => fetchReviews().then((res) => newestFirst(res.result?.reviews ?? [])), []).data;
  return reviews ?? NONE;
}

export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  const [hover, setHover] = useState(false);
  const [index, setIndex] = useRotation(reviews.length, 3000, hover);

  if (!reviews.length) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: pausing while the pointer rests on it is for pointer users; the dots are buttons for the keyboard.
    <section
      className="home-section reviews"
      aria-roledescription="carousel"
      aria-label="Customer reviews"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
    >
      <h2>What our customers say</h2>
      <div className="carousel-track">
        {reviews.map((r, i) => (
          <figure
            key={`${r.author_name}-${r.time}`}
            className="carousel-slide review-card"
            hidden={i !== index}
            aria-roledescription="slide"
          >
            <div className="review-head">
              {isLocalImage(r.profile_photo_url ?? '') ? (
                <img src={r.profile_photo_url} alt="" width={48} height={48} className="review-photo" />
              ) : (
                <span className="review-photo review-initial" aria-hidden="true">
                  {r.author_name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <div>
                <figcaption className="review-author">{r.author_name}</figcaption>
                <span className="review-stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                  {'★'.repeat(Math.round(r.rating))}
                  {'☆'.repeat(Math.max(0, 5 - Math.round(r.rating)))}
                </span>
                <time className="review-date" dateTime={new Date(r.time * 1000).toISOString()}>
                  {reviewDate.format(new Date(r.time * 1000))}
                </time>
              </div>
            </div>
            <blockquote>{r.text}</blockquote>
          </figure>
        ))}
      </div>
      <Dots count={reviews.length} index={index} onPick={setIndex} label="review" />
    </section>
  );
}
