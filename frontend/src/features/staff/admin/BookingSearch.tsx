/**
 * The search box over the staff lists: a retrieve code, or part of a customer's name, phone or
 * e-mail. The booking service searches (bounded answers), so the browser never needs every record;
 * a result opens the record's panel.
 */
import { useId, useState, type FormEvent } from 'react';
import { bookingSearchQuerySchema, DRIVER_DOCUMENT_MSG, type BookingRecord } from '@vanhop/contracts';
import { AdminApiError, searchBookingRecords } from './api';
import { useAdminSession } from './session';
import { jobStatusOf } from './job-status';
import { formatLondonDate, recordDate } from './records';
import './search.css';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';

interface Found {
  q: string;
  results: BookingRecord[];
  truncated: boolean;
}

export function BookingSearch({ onOpen }: { onOpen: (record: BookingRecord) => void }) {
  const { token, guard } = useAdminSession();
  const id = useId();
  const [q, setQ] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const search = useSubmit(
    async (token: string, text: string) => {
      const answer = await guard(searchBookingRecords(token, text));
      setFound({ q: text, results: answer.results ?? [], truncated: !!answer.truncated });
    },
    {
      failureText: (err) =>
        err instanceof AdminApiError && err.serverMessage ? err.serverMessage : 'The search failed. Please try again.',
    },
  );
  const error = invalid ?? search.failure;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const text = q.trim();
    if (!bookingSearchQuerySchema.isValidSync({ q: text })) {
      setInvalid(text.length > 100 ? DRIVER_DOCUMENT_MSG.searchLong : DRIVER_DOCUMENT_MSG.search);
      search.reset();
      setFound(null);
      return;
    }
    setInvalid(null);
    await search.run(token, text);
  };

  return (
    <section className="admin-card admin-search" aria-labelledby={`${id}-title`} data-testid="booking-search">
      <h2 id={`${id}-title`} className="visually-hidden-title">
        Find a booking
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a form in the search landmark; the <search> element is newer than some browsers staff use. */}
      <form className="admin-search-form" role="search" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-q`}>Find a booking</label>
        <div className="admin-search-row">
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Code, name, phone or e-mail"
            maxLength={100}
            autoComplete="off"
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
          />
          <Button type="submit" area="admin" disabled={search.pending}>
            Search
          </Button>
          {found && (
            <Button
              area="admin"
              variant="secondary"
              onClick={() => {
                setFound(null);
                setQ('');
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
      {error && (
        <p id={`${id}-error`} className="admin-form-error" role="alert">
          {error}
        </p>
      )}
      {found && (
        <div className="admin-search-results" aria-live="polite">
          <p className="admin-muted" data-testid="search-summary">
            {found.results.length === 0
              ? `No bookings match "${found.q}".`
              : `${found.results.length} booking${found.results.length === 1 ? '' : 's'} match "${found.q}"${found.truncated ? ': showing the first ones, type more to narrow it' : ''}.`}
          </p>
          {found.results.length > 0 && (
            <ul>
              {found.results.map((r) => {
                const status = jobStatusOf(r);
                return (
                  <li key={r._id}>
                    <Button
                      className="admin-search-result"
                      onClick={() => onOpen(r)}
                      data-testid="search-result"
                      data-code={r.randomNumber}
                    >
                      <span className="admin-search-code">{r.randomNumber}</span>
                      <span className="admin-search-who">
                        <strong>{r.quote?.name || 'No name'}</strong>
                        <span>{[r.quote?.email, r.quote?.phone].filter(Boolean).join(' · ')}</span>
                      </span>
                      <span className="admin-search-when">{formatLondonDate(recordDate(r))}</span>
                      <span className={`admin-job-status is-${status.tone}`}>{status.label}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
