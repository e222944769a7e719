/**
 * The staff driver page's earnings: the driver's weekly statement, Pay out (the week's online money
 * still owed, by Stripe Connect or the local ledger) and the platform's commission rate.
 */
import { useEffect, useState } from 'react';
import {
  EARNINGS_MSG,
  bpsToPercentText,
  commissionRateUpdateSchema,
  formatPence,
  weekText,
  type CommissionRateView,
} from '@vanhop/contracts';
import { payoutQuestion } from './payout-words';
import { useAdminSession } from '../admin/session';
import { Link } from 'react-router-dom';
import { adminPath } from '../../../lib/area-paths';
import { messageOf } from '../../../api/bearer-client';
import { EarningsStatement } from '../../../ui/EarningsStatement';
import { downloadCsv } from '../../../api/download-csv';
import {
  fetchCommissionRate,
  fetchDriverStatement,
  payOutWeek,
  saveCommissionRate,
  statementPath,
} from './earnings-api';
import { londonDateTime } from '../../../lib/format';
import { useResource } from '../../../lib';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';
import { FormError } from '../../../ui/fields';

/** The platform's commission: one rate for all drivers, so it is set on the Drivers page, not one driver's. */
export function CommissionRate() {
  const { token, guard } = useAdminSession();
  const read = useResource(token ? () => guard(fetchCommissionRate(token)) : null, [token, guard]);
  const [saved_, setRate] = useState<CommissionRateView | null>(null);
  const rate = saved_ ?? read.data ?? null;
  const [value, setValue] = useState('');
  // What staff typed is theirs: the rate arriving afterwards fills the field only if it is untouched.
  const [typed, setTyped] = useState(false);
  const [failure, setError] = useState<string | null>(null);
  const error =
    failure ?? (read.error !== undefined ? messageOf(read.error, 'The commission rate could not be loaded.') : null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (read.data && !typed) setValue(String(read.data.rateBps / 100));
  }, [read.data, typed]);

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
        <input
          id="commission-rate"
          inputMode="decimal"
          value={value}
          onChange={(e) => {
            setTyped(true);
            setValue(e.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'commission-rate-error' : undefined}
        />
      </div>
      <Button type="submit" area="earnings">
        Save rate
      </Button>
      {last && (
        <p className="earnings-sub">
          Set to {bpsToPercentText(last.rateBps)} by {last.by}, {londonDateTime(last.at)}
        </p>
      )}
      <FormError error={error} compact id="commission-rate-error" />
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
  const read = useResource(token ? () => guard(fetchDriverStatement(token, driverId, week)) : null, [
    token,
    guard,
    driverId,
    week,
  ]);
  const statement = read.data ?? null;
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const load = read.reload;
  const payout = useSubmit(
    async (token: string, week: string) => {
      const p = await guard(payOutWeek(token, driverId, week));
      setStatus(
        `${formatPence(p.amountPence)} paid out for the week ${weekText(week)}${p.provider === 'local' ? `. ${EARNINGS_MSG.localLedger}` : ` by Stripe transfer ${p.ref ?? ''}`}`,
      );
      load();
    },
    { failureText: (err) => messageOf(err, 'The payout could not be made. Please try again.') },
  );
  const error =
    payout.failure ??
    downloadFailure ??
    (read.error !== undefined ? messageOf(read.error, 'The statement could not be loaded.') : null);
  const busy = payout.pending;

  const payOut = async () => {
    if (!token || !statement) return;
    if (!window.confirm(payoutQuestion(statement))) return;
    setDownloadFailure(null);
    setStatus(null);
    await payout.run(token, statement.week);
  };

  return (
    <section className="admin-card" aria-labelledby="driver-earnings-title">
      <h2 id="driver-earnings-title">Earnings</h2>
      <p className="earnings-sub no-print" data-testid="commission-elsewhere">
        Commission is one rate for all drivers: set it on the <Link to={adminPath('drivers')}>Drivers page</Link>.
      </p>
      {!statement ? (
        error ? (
          <p role="alert">{error}</p>
        ) : (
          <p>Loading...</p>
        )
      ) : (
        <EarningsStatement
          statement={statement}
          onWeek={setWeek}
          onDownload={() =>
            token &&
            void downloadCsv(statementPath(driverId, statement.week), token).catch((err: Error) => {
              payout.reset();
              setDownloadFailure(err.message);
            })
          }
        >
          <Button area="admin" disabled={busy || statement.payablePence <= 0} onClick={() => void payOut()}>
            Pay out {formatPence(statement.payablePence)}
          </Button>
          <p className="earnings-sub">
            A payout covers the week of {weekText(statement.week)}: only moves the driver has done, once the
            customer&apos;s 1-hour cooling-off period has ended, less any clawbacks.
          </p>
          {statement.payoutMode === 'local' && <p className="earnings-sub">{EARNINGS_MSG.localLedger}</p>}
          {statement.balancePence < 0 && (
            <p className="earnings-sub">
              Cash commission the driver owes is shown here to settle with them; it is never taken by a transfer.
            </p>
          )}
          {status && (
            <p role="status" className="vh-form-ok">
              {status}
            </p>
          )}
          <FormError error={error} compact />
        </EarningsStatement>
      )}
    </section>
  );
}
