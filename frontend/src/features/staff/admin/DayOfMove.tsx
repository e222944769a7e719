/**
 * The staff record's "On the day": what the driver recorded at Done as paid to them on the day
 * (cash, card, or nothing: still owed) and when the move actually started and finished. Nothing
 * before Done.
 */
import { formatPence } from '@vanhop/contracts';
import { londonDateTime } from '../../../lib/format';

interface DaySettlement {
  text: string;
  at: string;
  startedAt?: string;
  finishedAt?: string;
  extrasPence?: number;
  extrasReason?: string;
}

export function DayOfMove({ record }: { record: object }) {
  const day = (record as { daySettlement?: DaySettlement | null }).daySettlement;
  if (!day) return null;
  return (
    <section aria-label="On the day" data-testid="day-of-move">
      <h3>On the day</h3>
      <dl>
        <div className="admin-row">
          <dt>Paid on the day</dt>
          <dd>{day.text}</dd>
        </div>
        {day.extrasPence ? (
          <div className="admin-row">
            <dt>Extra agreed on the day</dt>
            <dd>
              {day.extrasReason}: {formatPence(day.extrasPence)} (agreed by the customer)
            </dd>
          </div>
        ) : null}
        {day.startedAt && (
          <div className="admin-row">
            <dt>Started</dt>
            <dd>{londonDateTime(day.startedAt)}</dd>
          </div>
        )}
        {day.finishedAt && (
          <div className="admin-row">
            <dt>Finished</dt>
            <dd>{londonDateTime(day.finishedAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
