/** /driver/earnings: the driver's own weekly statement (Monday to Sunday), to print or download. */
import { useState } from 'react';
import { usePageTitle } from '../../lib/usePageTitle';
import { EarningsStatement } from '../../ui/EarningsStatement';
import { downloadCsv } from '../../api/download-csv';
import { messageOf } from './api';
import { fetchOwnStatement, ownStatementCsvPath } from './earnings-api';
import { PortalLoading } from './PortalLoading';
import { useDriverSession } from './session';
import { useResource } from '../../lib';

const TITLE = 'Your earnings';

export function EarningsPage() {
  usePageTitle('Your earnings · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const [week, setWeek] = useState<string | undefined>(undefined);
  const read = useResource(token ? () => guard(fetchOwnStatement(token, week)) : null, [token, guard, week]);
  const statement = read.data ?? null;
  const [downloadError, setError] = useState<string | null>(null);
  const error =
    read.error !== undefined
      ? messageOf(read.error, 'Your statement could not be loaded. Please try again.')
      : downloadError;

  if (!statement) return <PortalLoading title={TITLE} error={error} />;
  return (
    <section className="portal-page">
      <h1>{TITLE}</h1>
      <p className="no-print">
        Online payments are held by VanHop and paid out to you less commission; cash you collect on the day is yours,
        less the commission you owe on it.
      </p>
      {error && <p role="alert">{error}</p>}
      <EarningsStatement
        statement={statement}
        onWeek={setWeek}
        onDownload={() =>
          token &&
          void downloadCsv(ownStatementCsvPath(statement.week), token).catch((err: Error) => setError(err.message))
        }
      />
    </section>
  );
}
