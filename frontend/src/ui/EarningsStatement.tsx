/**
 * One driver's weekly statement, shown alike to staff (DriverEarnings) and to the driver (the
 * portal's EarningsPage): the week's jobs with the money of each, totals, payouts and who owes
 * whom. Print (a print stylesheet keeps only the statement) and CSV download sit above it.
 */
import { bpsToPercentText, formatPence, type EarningsStatement as Statement } from '@vanhop/contracts';
import { londonDateTime } from '../lib/format';
import './earnings.css';
import { Button } from './index';

const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** The balance in words: who owes whom, never a bare negative number. */
export function balanceWords(pence: number): string {
  if (pence > 0) return `VanHop owes the driver ${formatPence(pence)}`;
  if (pence < 0) return `The driver owes VanHop ${formatPence(-pence)}`;
  return 'Nothing owed either way';
}

interface Props {
  statement: Statement;
  onWeek: (week: string) => void;
  onDownload: () => void;
  /** Staff only: the Pay out button and its outcome. */
  children?: React.ReactNode;
}

/** Prints the statement alone: the page is marked for the print stylesheet until printing ends. */
function printStatement() {
  const root = document.documentElement;
  root.classList.add('print-earnings');
  window.addEventListener('afterprint', () => root.classList.remove('print-earnings'), { once: true });
  window.print();
}

export function EarningsStatement({ statement: s, onWeek, onDownload, children }: Props) {
  return (
    <div className="earnings">
      {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width. */}
      <div className="earnings-week no-print" role="group" aria-label="Statement week">
        <Button area="earnings" onClick={() => onWeek(s.previousWeek)}>
          ← Previous week
        </Button>
        <Button area="earnings" onClick={() => onWeek(s.nextWeek)}>
          Next week →
        </Button>
        <Button area="earnings" onClick={printStatement}>
          Print
        </Button>
        <Button area="earnings" onClick={onDownload}>
          Download CSV
        </Button>
      </div>
      <h3 className="earnings-title" data-testid="statement-week">
        Statement{s.driverName ? ` for ${s.driverName}` : ''}: {day(s.week)} to {day(s.weekEnd)}
      </h3>
      {s.lines.length === 0 ? (
        <p>No jobs this week.</p>
      ) : (
        <div className="earnings-scroll">
          <table className="earnings-table">
            <caption className="visually-hidden">Jobs of the week and what each earns</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Price</th>
                <th scope="col">Deposit online</th>
                <th scope="col">Balance online</th>
                <th scope="col">Cash</th>
                <th scope="col">Refunded</th>
                <th scope="col">Commission</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={l.bookingId} data-testid="earnings-line">
                  <th scope="row">
                    #{l.randomNumber}
                    <span className="earnings-sub">
                      {londonDateTime(l.moveDate)}
                      {l.cancelled ? ' · cancelled' : ''}
                    </span>
                    {l.payout && (
                      <span className="earnings-sub" data-testid="line-payout">
                        {l.payout.text}
                      </span>
                    )}
                  </th>
                  <td data-label="Price">
                    {formatPence(l.pricePence)}
                    {l.officeBearsPence ? (
                      <span className="earnings-sub">
                        agreed price: {formatPence(l.officeBearsPence)} paid by VanHop
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Deposit online">{formatPence(l.depositOnlinePence)}</td>
                  <td data-label="Balance online">{formatPence(l.balanceOnlinePence)}</td>
                  <td data-label="Cash">
                    {formatPence(l.cashPence)}
                    {l.collectedOnDay && l.collectedOnDay !== 'none' && l.cashPence > 0 ? (
                      <span className="earnings-sub">{l.collectedOnDay} on the day</span>
                    ) : null}
                  </td>
                  <td data-label="Refunded">{formatPence(l.refundedPence)}</td>
                  <td data-label="Commission">
                    <span>
                      {formatPence(l.commissionPence)}{' '}
                      <span className="earnings-sub">at {bpsToPercentText(l.rateBps)}</span>
                    </span>
                  </td>
                  <td data-label="Net">{formatPence(l.netPence)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td data-label="Price">{formatPence(s.totals.pricePence)}</td>
                <td data-label="Deposit online">{formatPence(s.totals.depositOnlinePence)}</td>
                <td data-label="Balance online">{formatPence(s.totals.balanceOnlinePence)}</td>
                <td data-label="Cash">{formatPence(s.totals.cashPence)}</td>
                <td data-label="Refunded">{formatPence(s.totals.refundedPence)}</td>
                <td data-label="Commission">{formatPence(s.totals.commissionPence)}</td>
                <td data-label="Net">{formatPence(s.totals.netPence)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {s.clawbacks && s.clawbacks.length > 0 && (
        <ul className="earnings-payouts" aria-label="Clawbacks">
          {s.clawbacks.map((c) => (
            <li key={`${c.bookingId}-${c.status}-${c.payoutId ?? ''}`} data-testid="clawback">
              {c.text}: {formatPence(c.amountPence)}
              {c.status === 'outstanding' ? ' to be taken from the next payout' : ''}
            </li>
          ))}
        </ul>
      )}
      <dl className="earnings-summary">
        <dt>Online money kept for the driver&apos;s jobs</dt>
        <dd data-testid="online-kept">{formatPence(s.totals.onlineKeptPence)}</dd>
        <dt>Cash collected by the driver</dt>
        <dd data-testid="cash-total">{formatPence(s.totals.cashPence)}</dd>
        <dt>Commission</dt>
        <dd data-testid="commission-total">{formatPence(s.totals.commissionPence)}</dd>
        <dt>Paid out</dt>
        <dd data-testid="paid-out">{formatPence(s.paidOutPence)}</dd>
        <dt>Balance</dt>
        <dd data-testid="balance" className="earnings-balance">
          {balanceWords(s.balancePence)}
        </dd>
      </dl>
      {s.payouts.length > 0 && (
        <ul className="earnings-payouts">
          {s.payouts.map((p) => (
            <li key={p.id} data-testid="payout">
              {formatPence(p.amountPence)} {p.status === 'paid' ? 'paid out' : 'payout pending'} {londonDateTime(p.at)}{' '}
              by {p.by}
              {p.provider === 'local'
                ? ' · recorded by the local ledger, no money moved'
                : p.ref
                  ? ` · Stripe transfer ${p.ref}`
                  : ''}
            </li>
          ))}
        </ul>
      )}
      <div className="no-print">{children}</div>
    </div>
  );
}
