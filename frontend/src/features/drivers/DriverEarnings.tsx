/**
 * The staff driver page's earnings: the driver's weekly statement, Pay out (the week's online money
 * still owed, by Stripe Connect or the local ledger) and the platform's commission rate.
 */
import { useCallback, useEffect, useState } from 'react';
import { EARNINGS_MSG, bpsToPercentText, commissionRateUpdateSchema, formatPence, type CommissionRateView, type EarningsStatement as Statement } from '@vanhop/contracts';
import { useAdminSession } from '../admin/session';
import { messageOf } from '../../api/bearer-client';
import { EarningsStatement } from './EarningsStatement';
import { downloadCsv } from './earnings-download';
import { fetchCommissionRate, fetchDriverStatement, payOutWeek, saveCommissionRate, statementPath } from './earnings-api';
import { londonDateTime } from './format';

function CommissionRate() {
  const { token, guard } = useAdminSession();
  const [rate, setRate] = useState<CommissionRateView | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    guard(fetchCommissionRate(token))
      .then((r) => {
        setRate(r);
        setValue(String(r.rateBps / 100));
      })
      .catch((err) => setError(messageOf(err, 'The commission rate could not be loaded.')));
  }, [token, guard]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(null);
    setError(null);
    const ratePercent = value.trim() === '' ? undefined : Number(value);
    try {
      commissionRateUpdateSchema.validateSync({ ratePercent });
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    try {
      const r = await guard(saveCommissionRate(token!, ratePercent!));
      setRate(r);
      setSaved(`Commission is now ${bpsToPercentText(r.rateBps)} for jobs confirmed from now on.`);
    } catch (err) {
      setError(messageOf(err, 'The commission rate could not be saved.'));
    }
  };

  const last = rate?.changes.at(-1);
  return (
    <form className="earnings-rate no-print" onSubmit={(e) => void save(e)} noValidate>
      <div>
        <label htmlFor="commission-rate">Platform commission, all drivers (%)</label>
        <br />
        <input id="commission-rate" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'commission-rate-error' : undefined} />
      </div>
      <button type="submit" className="earnings-button">
        Save rate
      </button>
      {last && (
        <p className="earnings-sub">
          Set to {bpsToPercentText(last.rateBps)} by {last.by}, {londonDateTime(last.at)}
        </p>
      )}
      {error && (
        <p role="alert" id="commission-rate-error" className="vh-form-error">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="vh-form-ok">
          {saved}
        </p>
      )}
    </form>
  );
}

export function DriverEarnings({ driverId }: { driverId: string }) {
  const { token, guard } = useAdminSession();
  const [week, setWeek] = useState<string | undefined>(undefined);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (!token) return;
    guard(fetchDriverStatement(token, driverId, week))
      .then(setStatement)
      .catch((err) => setError(messageOf(err, 'The statement could not be loaded.')));
  }, [token, guard, driverId, week]);
  useEffect(load, [load]);

  const payOut = async () => {
    if (!token || !statement) return;
    if (!window.confirm(`Pay ${formatPence(statement.payablePence)} to ${statement.driverName ?? 'this driver'} for this week?`)) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const p = await guard(payOutWeek(token, driverId, statement.week));
      setStatus(`${formatPence(p.amountPence)} paid out${p.provider === 'local' ? `. ${EARNINGS_MSG.localLedger}` : ` by Stripe transfer ${p.ref ?? ''}`}`);
      load();
    } catch (err) {
      setError(messageOf(err, 'The payout could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card" aria-labelledby="driver-earnings-title">
      <h2 id="driver-earnings-title">Earnings</h2>
      <CommissionRate />
      {!statement ? (
        error ? <p role="alert">{error}</p> : <p>Loading...</p>
      ) : (
        <EarningsStatement
          statement={statement}
          onWeek={setWeek}
          onDownload={() => token && void downloadCsv(statementPath(driverId, statement.week), token).catch((err: Error) => setError(err.message))}
        >
          <button type="button" className="admin-button" disabled={busy || statement.payablePence <= 0} onClick={() => void payOut()}>
            Pay out {formatPence(statement.payablePence)}
          </button>
          {statement.payoutMode === 'local' && <p className="earnings-sub">{EARNINGS_MSG.localLedger}</p>}
          {statement.balancePence < 0 && <p className="earnings-sub">Cash commission the driver owes is shown here to settle with them; it is never taken by a transfer.</p>}
          {status && (
            <p role="status" className="vh-form-ok">
              {status}
            </p>
          )}
          {error && (
            <p role="alert" className="vh-form-error">
              {error}
            </p>
          )}
        </EarningsStatement>
      )}
    </section>
  );
}
