/** /driver/earnings: the driver's own weekly statement (Monday to Sunday), to print or download. */
import { useEffect, useState } from 'react';
import type { EarningsStatement as Statement } from '@vanhop/contracts';
import { usePageTitle } from '../../app/usePageTitle';
import { EarningsStatement } from '../drivers/EarningsStatement';
import { downloadCsv } from '../drivers/earnings-download';
import { messageOf } from './api';
import { fetchOwnStatement, ownStatementCsvPath } from './earnings-api';
import { PortalLoading } from './PortalLoading';
import { useDriverSession } from './session';

const TITLE = 'Your earnings';

export function EarningsPage() {
  usePageTitle('Your earnings · VanHop driver portal');
  const { token, guard } = useDriverSession();
  const [week, setWeek] = useState<string | undefined>(undefined);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    setError(null);
    guard(fetchOwnStatement(token, week))
      .then((s) => live && setStatement(s))
      .catch((err) => live && setError(messageOf(err, 'Your statement could not be loaded. Please try again.')));
    return () => {
      live = false;
    };
  }, [token, guard, week]);

  if (!statement) return <PortalLoading title={TITLE} error={error} />;
  return (
    <section className="portal-page">
      <h1>{TITLE}</h1>
      <p className="no-print">
        Online payments are held by VanHop and paid out to you less commission; cash you collect on the day is yours, less the commission you owe on it.
      </p>
      {error && <p role="alert">{error}</p>}
      <EarningsStatement
        statement={statement}
        onWeek={setWeek}
        onDownload={() => token && void downloadCsv(ownStatementCsvPath(statement.week), token).catch((err: Error) => setError(err.message))}
      />
    </section>
  );
}
