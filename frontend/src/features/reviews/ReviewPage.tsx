/**
 * /review/:token: the customer reviews their move from the signed link in the review-request
 * e-mail: stars (required), a few words, and optionally the driver's own stars. One review per
 * move; staff check it before it appears on the site.
 */
import { useEffect, useState } from 'react';
import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { Link, useParams } from 'react-router-dom';
import {
  REVIEW_MSG,
  REVIEW_TEXT_MAX_LENGTH,
  reviewSubmissionSchema,
  type ReviewLinkView,
  type ReviewSubmission,
} from '@vanhop/contracts';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../lib/usePageTitle';
import { getReviewLink, submitReview } from './api';
import { StarRating } from './StarRating';
import '../../ui/reviews.css';
import { Button } from '../../ui';

const moveDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'ready'; view: ReviewLinkView }
  | { kind: 'thanks'; message: string };

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
          <ReviewForm
            view={state.view}
            onSubmitted={(message) => setState({ kind: 'thanks', message })}
            token={token}
          />
        ))}
    </section>
  );
}

type ReviewValues = { rating: number | null; text: string; driverRating: number | null };
const NO_REVIEW: ReviewValues = { rating: null, text: '', driverRating: null };

/** Checked with the wire contract's schema on submit (as the server checks it); the server's field errors land beside their fields. */
function ReviewForm({
  view,
  token,
  onSubmitted,
}: {
  view: ReviewLinkView;
  token: string;
  onSubmitted: (message: string) => void;
}) {
  const date = Date.parse(view.moveDate);

  const submit = async (values: ReviewValues, helpers: FormikHelpers<ReviewValues>) => {
    helpers.setStatus(null);
    try {
      const { message } = await submitReview(token, reviewSubmissionSchema.cast(values) as ReviewSubmission);
      onSubmitted(message);
    } catch (err) {
      if (err instanceof ApiError && err.errors) helpers.setErrors(err.errors);
      helpers.setStatus(
        err instanceof ApiError && err.message ? err.message : 'Your review could not be sent. Please try again.',
      );
    }
  };

  return (
    <Formik
      initialValues={NO_REVIEW}
      validationSchema={reviewSubmissionSchema}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ values, errors, status, isSubmitting, setFieldValue }) => (
        <Form className="review-form" noValidate>
          <p className="lead">
            Hello {view.authorName.split(' ')[0]}, how was your move
            {Number.isNaN(date) ? '' : ` on ${moveDay.format(new Date(date))}`}
            {view.driverName ? ` with ${view.driverName}` : ''}?
          </p>
          <StarRating
            name="rating"
            legend="Your overall rating"
            value={values.rating}
            onChange={(n) => void setFieldValue('rating', n ?? null, false)}
            error={errors.rating}
          />
          <label>
            Your review
            <Field
              as="textarea"
              name="text"
              rows={5}
              maxLength={REVIEW_TEXT_MAX_LENGTH}
              placeholder="What went well, and what could be better?"
            />
            <small>
              {values.text.length.toLocaleString('en-GB')}/{REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-GB')}
            </small>
            {errors.text && <span className="field-error">{errors.text}</span>}
          </label>
          {view.driverName && (
            <StarRating
              name="driverRating"
              legend={`Rate ${view.driverName} (optional)`}
              value={values.driverRating}
              onChange={(n) => void setFieldValue('driverRating', n, false)}
              optional
              error={errors.driverRating}
            />
          )}
          <p className="note">
            Your review is signed &quot;{view.authorName}&quot; and appears on our site once our team has checked it.
          </p>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Submit review'}
          </Button>
          {typeof status === 'string' && status && (
            <p className="field-error" role="alert">
              {status}
            </p>
          )}
        </Form>
      )}
    </Formik>
  );
}
