/**
 * /review/:token: the customer reviews their move from the signed link in the review-request
 * e-mail: stars (required), a few words, and optionally the driver's own stars. One review per
 * move; staff check it before it appears on the site.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { REVIEW_MSG, REVIEW_TEXT_MAX_LENGTH, type ReviewLinkView } from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { getReviewLink, submitReview } from './api';
import { StarRating } from './StarRating';
import './reviews.css';

const moveDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

type State = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ready'; view: ReviewLinkView } | { kind: 'thanks'; message: string };

export default function ReviewPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  usePageTitle('Review your move');

  useEffect(() => {
    const controller = new AbortController();
    getReviewLink(token, controller.signal)
      .then((view) => setState({ kind: 'ready', view }))
      .catch((err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState({ kind: err instanceof ApiError && err.status === 404 ? 'invalid' : 'failed' });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <section className="page review-page">
      <h1>Review your move</h1>
      {state.kind === 'loading' && <p>Loading...</p>}
      {state.kind === 'failed' && <p role="alert">The review page could not be loaded. Please try again.</p>}
      {state.kind === 'invalid' && (
        <>
          <p role="alert">{REVIEW_MSG.linkInvalid}.</p>
          <p>
            <Link to="/contact">Contact us</Link> if you would still like to tell us about your move.
          </p>
        </>
      )}
      {state.kind === 'thanks' && (
        <p role="status" data-testid="review-thanks">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' &&
        (state.view.submitted ? (
          <p role="status">{REVIEW_MSG.alreadySubmitted}</p>
        ) : (
          <ReviewForm view={state.view} onSubmitted={(message) => setState({ kind: 'thanks', message })} token={token} />
        ))}
    </section>
  );
}

function ReviewForm({ view, token, onSubmitted }: { view: ReviewLinkView; token: string; onSubmitted: (message: string) => void }) {
  const [rating, setRating] = useState<number | null>(null);
  const [driverRating, setDriverRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const date = Date.parse(view.moveDate);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === null) {
      setErrors({ rating: REVIEW_MSG.ratingRequired });
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const { message } = await submitReview(token, { rating, text: text.trim(), driverRating });
      onSubmitted(message);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
      setErrors({ ...fields, form: err instanceof ApiError && err.message ? err.message : 'Your review could not be sent. Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <p className="lead">
        Hello {view.authorName.split(' ')[0]}, how was your move{Number.isNaN(date) ? '' : ` on ${moveDay.format(new Date(date))}`}
        {view.driverName ? ` with ${view.driverName}` : ''}?
      </p>
      <StarRating name="rating" legend="Your overall rating" value={rating} onChange={(n) => setRating(n ?? null)} error={errors.rating} />
      <label>
        Your review
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={5} maxLength={REVIEW_TEXT_MAX_LENGTH} placeholder="What went well, and what could be better?" />
        <small>
          {text.length.toLocaleString('en-GB')}/{REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-GB')}
        </small>
        {errors.text && <span className="field-error">{errors.text}</span>}
      </label>
      {view.driverName && (
        <StarRating name="driverRating" legend={`Rate ${view.driverName} (optional)`} value={driverRating} onChange={setDriverRating} optional error={errors.driverRating} />
      )}
      <p className="note">Your review is signed &quot;{view.authorName}&quot; and appears on our site once our team has checked it.</p>
      <button type="submit" className="primary" disabled={sending}>
        {sending ? 'Sending...' : 'Submit review'}
      </button>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}
