/** A driver's change history on their staff page: who changed which fields, when, and why. */
import type { DriverAdminView, DriverAuditEntry } from '@vanhop/contracts';
import { ACTION_WORDS, auditActor, auditValue } from './audit';
import { londonDateTime } from './format';

export function AuditLog({ driver, entries, error }: { driver: DriverAdminView; entries: DriverAuditEntry[] | null; error: string | null }) {
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
          {entries.map((e) => {
            const changes = Object.entries(e.changes ?? {});
            const list = (
              <ul>
                {changes.map(([field, { from, to }]) => (
                  <li key={field}>
                    <code>{field}</code>: {auditValue(field, from)} → {auditValue(field, to)}
                  </li>
                ))}
              </ul>
            );
            return (
              <li key={e.id} data-testid="audit-entry">
                <p>
                  <strong title={e.by}>{auditActor(e.by, driver)}</strong> · <time dateTime={e.at}>{londonDateTime(e.at)}</time> · {ACTION_WORDS[e.action] ?? e.action}
                </p>
                {e.reason && <p>Reason: {e.reason}</p>}
                {changes.length > 8 ? (
                  <details>
                    <summary>{changes.length} fields changed</summary>
                    {list}
                  </details>
                ) : (
                  changes.length > 0 && list
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
