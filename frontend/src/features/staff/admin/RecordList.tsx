import { useCallback, useEffect, useState } from 'react';
import { MSG, type BookingRecord } from '@vanhop/contracts';
import {
  formatLondonDate,
  formatPounds,
  lifecycleBadges,
  lifecycleOf,
  recordDate,
  routeOf,
  type When,
} from './records';
import { jobStatusOf } from './job-status';
import { fetchBookingPage, isUnauthorized } from './api';
import { useAdminSession } from './session';
import './search.css';
import { Button } from '../../../ui';

export interface WhenTab {
  when: When;
  label: string;
}

interface RecordListProps {
  title: string;
  kind: 'quotation' | 'job';
  tabs: readonly [WhenTab, ...WhenTab[]];
  /** Changes when the lists must be read again (after a staff action). */
  reloadKey: number;
  onOpen: (record: BookingRecord) => void;
}

interface Pages {
  records: BookingRecord[];
  next: string | null;
}

/**
 * One dashboard card: Future / Today / Previous buttons over the matching record cards, read from
 * the server a page at a time (soonest first; Previous latest first), with "Show more" for the next.
 */
export function RecordList({ title, kind, tabs, reloadKey, onOpen }: RecordListProps) {
  const { token, guard } = useAdminSession();
  const [when, setWhen] = useState<When>(tabs[0].when);
  const [pages, setPages] = useState<Pages | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(
    async (after: string | null) => {
      if (!token) return;
      setLoading(true);
      try {
        const page = await guard(fetchBookingPage(token, { kind, view: when, after }));
        setPages((current) => ({
          records: [...(after && current ? current.records : []), ...page.items],
          next: page.next,
        }));
        setError(null);
      } catch (err) {
        if (!isUnauthorized(err)) setError(MSG.admin.networkNotOk);
      } finally {
        setLoading(false);
      }
    },
    [token, guard, kind, when],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the caller's "read again".
  useEffect(() => {
    setPages(null);
    void read(null);
  }, [read, reloadKey]);

  const shown = pages?.records ?? [];
  const id = `admin-${kind}`;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`} data-testid={`${kind}-card`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width. */}
      <div className="admin-tabs" role="group" aria-label={`${title} period`}>
        {tabs.map((tab) => (
          <Button key={tab.when} type="button" aria-pressed={tab.when === when} onClick={() => setWhen(tab.when)}>
            {tab.label}
          </Button>
        ))}
      </div>
      {error && (
        <p className="admin-form-error" role="alert">
          {error}
        </p>
      )}
      {loading && shown.length === 0 ? (
        <p className="admin-muted">Loading...</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No records</p>
      ) : (
        <>
          <ol className="admin-records">
            {shown.map((record, i) => (
              <li key={record._id}>
                <RecordCard index={i + 1} record={record} onOpen={() => onOpen(record)} />
              </li>
            ))}
          </ol>
          {pages?.next && (
            <Button
              type="button"
              className="admin-more"
              disabled={loading}
              onClick={() => void read(pages.next)}
              data-testid={`${kind}-more`}
            >
              {loading ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function RecordCard({ index, record, onOpen }: { index: number; record: BookingRecord; onOpen: () => void }) {
  const { start, end } = routeOf(record);
  const unpaid = record.paymentStatus === 'unpaid';
  const { state } = lifecycleOf(record);
  const badges = lifecycleBadges(record);
  const status = jobStatusOf(record);
  return (
    <Button
      className={`admin-record ${unpaid ? 'is-unpaid' : 'is-paid'}${state === 'active' ? '' : ` is-${state}`}`}
      onClick={onOpen}
      data-testid="admin-record"
      data-code={record.randomNumber}
      data-state={state}
    >
      <span className="admin-record-index">{index}</span>
      <span className="admin-record-body">
        <span className="admin-record-date">{formatLondonDate(recordDate(record))}</span>
        <span>
          <strong>From:</strong> {start}
        </span>
        <span>
          <strong>To:</strong> {end}
        </span>
        <span>
          <strong>Total:</strong> {formatPounds(record.quote?.totalPrice ?? 0)}
        </span>
        <span>
          <strong>Unique Code:</strong> {record.randomNumber}
        </span>
        {!unpaid && (
          <span>
            <strong>Job status:</strong>{' '}
            <span className={`admin-job-status is-${status.tone}`} data-testid="job-status">
              {status.label}
            </span>
          </span>
        )}
        {badges.length > 0 && (
          <span className="admin-record-marks">
            {badges.map((b) => (
              <span key={b.tone} className={`admin-badge ${b.tone}`} data-testid="admin-record-mark">
                {b.label}
              </span>
            ))}
          </span>
        )}
      </span>
    </Button>
  );
}
