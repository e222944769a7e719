/**
 * /admin/reviews: staff moderate the reviews customers submitted from their review links. An
 * approved review appears in the home carousel and counts in its driver's rating; a rejected one
 * does neither. A decision can be changed. Each status is read from the server a page at a time
 * (pending oldest first, decided newest first), with "Show more" for the next.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ModeratedReview, ReviewStatus } from '@vanhop/contracts';
import { fetchReviewPage, moderateReview } from '../admin/api';
import { useAdminSession } from '../admin/session';
import '../../../ui/reviews.css';
import { Button } from '../../../ui';
import { useSubmitEach } from '../../../lib/useSubmit';

const FILTERS: [ReviewStatus, string][] = [
  ['pending', 'Pending'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
];

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

export function ReviewModerationPage() {
  const { token, guard } = useAdminSession();
  const [filter, setFilter] = useState<ReviewStatus>('pending');
  const [reviews, setReviews] = useState<ModeratedReview[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Each review's decision is sent on its own: deciding one leaves the others' buttons free.
  const decision = useSubmitEach(
    async (id: string, action: 'approve' | 'reject', signedIn: string) => {
      await guard(moderateReview(signedIn, id, action));
      await load();
    },
    { failureText: () => 'That decision could not be saved. Please try again.' },
  );
  const clearDecisionFailure = decision.reset;

  /** The first page (`after` null) or the page after the ones shown. */
  const read = useCallback(
    async (after: string | null) => {
      if (!token) return;
      setLoadingMore(after !== null);
      try {
        const page = await guard(fetchReviewPage(token, { status: filter, after }));
        setReviews((shown) => [...(after && shown ? shown : []), ...page.items]);
        setNext(page.next);
        setPending(page.pending);
        setError(null);
        clearDecisionFailure();
      } catch {
        setError('The reviews could not be loaded.');
      } finally {
        setLoadingMore(false);
      }
    },
    [guard, token, filter, clearDecisionFailure],
  );
  const load = useCallback(() => read(null), [read]);

  useEffect(() => {
    setReviews(null);
    void load();
  }, [load]);

  const decide = async (id: string, action: 'approve' | 'reject') => {
    if (!token) return;
    await decision.run(id, action, token);
  };
  const shownError = decision.failure ?? error;

  return (
    <div className="review-moderation">
      <h1>
        Customer reviews <span className="admin-badge unpaid">{pending} pending</span>
      </h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width. */}
      <div className="admin-tabs" role="group" aria-label="Show">
        {FILTERS.map(([value, label]) => (
          <Button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}>
            {label}
          </Button>
        ))}
      </div>
      {shownError && <p role="alert">{shownError}</p>}
      {!reviews ? (
        <p>Loading...</p>
      ) : reviews.length === 0 ? (
        <p className="admin-muted">No reviews here.</p>
      ) : (
        <ul className="moderation-list">
          {reviews.map((r) => (
            <li key={r.id} className="admin-card" data-testid="moderated-review">
              <p>
                <span className="moderation-stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                  {stars(r.rating)}
                </span>{' '}
                <strong>{r.authorName}</strong> · booking {r.randomNumber} · {when.format(new Date(r.submittedAt))}
                <span
                  className={`admin-badge ${r.status === 'approved' ? 'paid' : r.status === 'rejected' ? 'cancelled' : 'unpaid'}`}
                >
                  {r.status}
                </span>
              </p>
              {r.text ? (
                <blockquote className="moderation-text">{r.text}</blockquote>
              ) : (
                <p className="admin-muted">No text, stars only.</p>
              )}
              {r.driverName && (
                <p className="admin-muted">
                  Driver {r.driverName}:{' '}
                  {r.driverRating ? `${stars(r.driverRating)} (${r.driverRating}/5)` : 'not rated'}
                </p>
              )}
              {r.moderatedBy && (
                <p className="admin-muted">
                  {r.status} by {r.moderatedBy}
                  {r.moderatedAt ? ` on ${when.format(new Date(r.moderatedAt))}` : ''}
                </p>
              )}
              <div className="admin-actions">
                {r.status !== 'approved' && (
                  <Button area="admin" disabled={decision.isPending(r.id)} onClick={() => void decide(r.id, 'approve')}>
                    Approve
                  </Button>
                )}
                {r.status !== 'rejected' && (
                  <Button
                    area="admin"
                    variant="danger"
                    disabled={decision.isPending(r.id)}
                    onClick={() => void decide(r.id, 'reject')}
                  >
                    Reject
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {reviews && next && (
        <Button type="button" className="admin-more" disabled={loadingMore} onClick={() => void read(next)}>
          {loadingMore ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
