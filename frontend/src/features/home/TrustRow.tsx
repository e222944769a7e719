/** Why a first-time customer can trust the booking: insurance, what customers scored us, secure payment. */
import type { Review } from '@vanhop/contracts';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="trust-icon">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The mean star rating of the reviews shown on the page, one decimal; null without reviews. */
export function reviewsScore(reviews: Review[]): { score: string; count: number } | null {
  const rated = reviews.filter((r) => Number.isFinite(r.rating) && r.rating > 0);
  if (rated.length === 0) return null;
  return { score: (rated.reduce((sum, r) => sum + r.rating, 0) / rated.length).toFixed(1), count: rated.length };
}

export function TrustRow({ reviews }: { reviews: Review[] }) {
  const score = reviewsScore(reviews);
  return (
    <ul className="trust-row" aria-label="Why book with us">
      <li>
        {icon('M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M8.5 12l2.5 2.5 4.5-5')}
        <span>
          <strong>Insured moves</strong> Goods in transit up to £10,000
        </span>
      </li>
      <li>
        {icon('M12 3l2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9 6.6 19.8l1.1-6.1-4.5-4.3 6.1-.8z')}
        <span>
          {score ? (
            <>
              <strong>Rated {score.score} out of 5</strong> from {score.count} customer{' '}
              {score.count === 1 ? 'review' : 'reviews'}
            </>
          ) : (
            <>
              <strong>Reviewed by customers</strong> Every driver is rated after the move
            </>
          )}
        </span>
      </li>
      <li>
        {icon('M6 10V8a6 6 0 0112 0v2 M5 10h14v11H5z M12 14v3')}
        <span>
          <strong>Secure payments</strong> Pay online by card: a deposit or in full
        </span>
      </li>
    </ul>
  );
}
