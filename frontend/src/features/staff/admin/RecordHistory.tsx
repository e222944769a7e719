/**
 * A record's change history in its panel: the lines the booking keeps with their times (the same
 * lines the customer's My move page shows), newest first, with what staff did (who cancelled).
 */
import type { BookingHistoryEntry, BookingRecord } from '@vanhop/contracts';
import { formatLondonDate } from './records';

type WithHistory = BookingRecord & {
  history?: BookingHistoryEntry[];
  staffCancellation?: { by: string; reason: string } | null;
  cancelledAt?: string | null;
};

const when = (iso: string) => (Number.isNaN(Date.parse(iso)) ? 'No date' : formatLondonDate(new Date(iso)));

export function RecordHistory({ record }: { record: BookingRecord }) {
  const r = record as WithHistory;
  const lines = [...(Array.isArray(r.history) ? r.history : [])];
  if (r.staffCancellation && r.cancelledAt)
    lines.push({ at: r.cancelledAt, kind: 'cancelled', text: `Staff action: cancelled by ${r.staffCancellation.by}` });
  lines.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <section aria-label="Change history">
      <h3>Change history</h3>
      {lines.length === 0 ? (
        <p className="admin-muted">No changes recorded yet.</p>
      ) : (
        <ol className="admin-history" data-testid="record-history">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end and two entries may share a time.
            <li key={`${line.at}-${i}`}>
              <time dateTime={line.at}>{when(line.at)}</time>
              {line.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
