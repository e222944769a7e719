/** A driver's change history on their staff page: who changed which fields (in words), when, and why. */
import type { DriverAdminView, DriverAuditEntry } from '@vanhop/contracts';
import { ACTION_WORDS, auditActor, auditLine, changedSummary, FOLD_AFTER } from './audit';
import { londonDateTime } from '../../../lib/format';

function Changes({ entry }: { entry: DriverAuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  if (changes.length === 0) return null;
  const list = (
    <ul>
      {changes.map(([field, change]) => (
        <li key={field}>{auditLine(field, change)}</li>
      ))}
    </ul>
  );
  // A new driver's entry holds every field it was added with: "Added" says it, the values wait folded.
  if (entry.action === 'created') {
    return (
      <details>
        <summary>Details as added</summary>
        {list}
      </details>
    );
  }
  if (changes.length <= FOLD_AFTER) return list;
  return (
    <details>
      <summary>{changedSummary(changes.map(([field]) => field))}</summary>
      {list}
    </details>
  );
}

export function AuditLog({
  driver,
  entries,
  error,
}: {
  driver: DriverAdminView;
  entries: DriverAuditEntry[] | null;
  error: string | null;
}) {
  return (
    <section className="admin-card driver-audit" aria-labelledby="driver-audit-title">
      <h2 id="driver-audit-title">Change history</h2>
      {error && <p role="alert">{error}</p>}
      {!entries ? (
        !error && <p>Loading...</p>
      ) : entries.length === 0 ? (
        <p className="admin-muted">No changes recorded yet.</p>
      ) : (
        <ol className="driver-audit-list">
          {entries.map((e) => (
            <li key={e.id} data-testid="audit-entry">
              <p>
                <strong title={e.by}>{auditActor(e.by, driver)}</strong> ·{' '}
                <time dateTime={e.at}>{londonDateTime(e.at)}</time> · {ACTION_WORDS[e.action] ?? e.action}
              </p>
              {e.reason && <p>Reason: {e.reason}</p>}
              <Changes entry={e} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
