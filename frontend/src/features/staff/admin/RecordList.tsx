import { useState } from 'react';
import type { BookingRecord } from '@vanhop/contracts';
import {
  formatLondonDate,
  formatPounds,
  lifecycleBadges,
  lifecycleOf,
  recordDate,
  routeOf,
  selectRecords,
  type When,
} from './records';
import { jobStatusOf } from './job-status';
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
  records: readonly BookingRecord[];
  loading: boolean;
  now: Date;
  onOpen: (record: BookingRecord) => void;
}

/** One dashboard card: Future / Today / Previous buttons over the matching record cards. */
export function RecordList({ title, kind, tabs, records, loading, now, onOpen }: RecordListProps) {
  const [when, setWhen] = useState<When>(tabs[0].when);
  const shown = selectRecords(records, kind, when, now);
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
      {loading ? (
        <p className="admin-muted">Loading...</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No records</p>
      ) : (
        <ol className="admin-records">
          {shown.map((record, i) => (
            <li key={record._id}>
              <RecordCard index={i + 1} record={record} onOpen={() => onOpen(record)} />
            </li>
          ))}
        </ol>
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
