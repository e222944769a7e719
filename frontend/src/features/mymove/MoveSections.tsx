/** The read-only parts of the My move page: the move, the money, the history and the receipts. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MyMoveView } from '@vanhop/contracts';
import { ItemList } from '../../ui/ItemList';
import { helpText, hoursText, moveWhenText, penceText, stairText, stampText } from '../../lib/move-words';

const Row = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="mymove-row">
    <dt>{label}</dt>
    <dd data-testid={testId}>{children}</dd>
  </div>
);

const addressLabel = (i: number, count: number) =>
  i === 0 ? 'Collection' : i === count - 1 ? 'Delivery' : `Via stop ${i}`;

export function MoveDetails({ view }: { view: MyMoveView }) {
  const { move } = view;
  return (
    <section className="mymove-card" aria-labelledby="mymove-move">
      <h2 id="mymove-move">Your move</h2>
      <dl className="mymove-list">
        <Row label="Date and time" testId="move-date">
          {view.state === 'frozen' ? (
            <>
              Postponed: no date yet <span className="mymove-muted">(was {moveWhenText(move.date)})</span>
            </>
          ) : (
            <>
              {moveWhenText(move.date)} <span className="mymove-muted">(UK time)</span>
            </>
          )}
        </Row>
        {move.addresses.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the route's stops are in a fixed order and may repeat a place.
          <Row key={i} label={addressLabel(i, move.addresses.length)}>
            {[a.physicalAddress, a.location].filter(Boolean).join(', ')}
            <span className="mymove-muted"> · {stairText(a.stair)}</span>
          </Row>
        ))}
        <Row label="Van">{move.typeofVan}</Row>
        <Row label="Help">{helpText(move.typeOfWorker)}</Row>
        <Row label="Booked time">{hoursText(move.totalHour)}</Row>
        {move.items && move.items.length > 0 && (
          <Row label="Items">
            <ItemList items={move.items} className="mymove-items" />
          </Row>
        )}
        <Row label="Description">{move.description || 'None given'}</Row>
        <Row label="Driver">{view.driver?.name ?? 'Your driver will be confirmed by e-mail'}</Row>
      </dl>
    </section>
  );
}

export function MoneySummary({ view }: { view: MyMoveView }) {
  const { money } = view;
  return (
    <section className="mymove-card" aria-labelledby="mymove-money" data-testid="money">
      <h2 id="mymove-money">Payments</h2>
      <dl className="mymove-list mymove-money">
        <Row label="Total price">{penceText(money.totalPence)}</Row>
        <Row label="Paid" testId="money-paid">
          {penceText(money.paidPence)}
        </Row>
        {money.refundedPence > 0 && (
          <Row label="Refunded" testId="money-refunded">
            {penceText(money.refundedPence)}
          </Row>
        )}
        {money.refundPendingPence > 0 && (
          <Row label="Refund on its way" testId="money-refund-pending">
            {penceText(money.refundPendingPence)} <span className="mymove-muted">(being sent to your card)</span>
          </Row>
        )}
        {view.paidOnDay && view.paidOnDay.amountPence > 0 && (
          <Row label="Paid to the driver" testId="money-paid-on-day">
            {penceText(view.paidOnDay.amountPence)}{' '}
            <span className="mymove-muted">({view.paidOnDay.method === 'card' ? 'card' : 'cash'} on the day)</span>
          </Row>
        )}
        <Row label="Balance" testId="money-balance">
          <strong>{penceText(money.balancePence)}</strong>
        </Row>
      </dl>
      {view.paidOnDay && (
        <p className="mymove-muted" data-testid="paid-on-day">
          {view.paidOnDay.text}
          {money.balancePence === 0 ? ': nothing is left to pay.' : '.'}
        </p>
      )}
      {view.state === 'active' && money.balancePence > 0 && (
        <p className="mymove-muted">Pay the balance online below, or to your driver at the end of the job.</p>
      )}
    </section>
  );
}

export function StatusHistory({ view }: { view: MyMoveView }) {
  if (view.history.length === 0) return null;
  return (
    <section className="mymove-card" aria-labelledby="mymove-history">
      <h2 id="mymove-history">History</h2>
      <ol className="mymove-history" data-testid="history">
        {view.history.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end and two entries may share a time.
          <li key={`${h.at}-${i}`}>
            <time dateTime={h.at}>{stampText(h.at)}</time>
            <span>{h.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ReceiptList({ view, token }: { view: MyMoveView; token: string }) {
  return (
    <section className="mymove-card" aria-labelledby="mymove-receipts">
      <h2 id="mymove-receipts">Receipts</h2>
      {view.receipts.length === 0 ? (
        <p className="mymove-muted">No payments yet.</p>
      ) : (
        <ul className="mymove-receipts" data-testid="receipts">
          {view.receipts.map((r) => (
            <li key={r.id}>
              <Link to={`/mymove/${encodeURIComponent(token)}/receipt/${encodeURIComponent(r.id)}`}>
                {r.kind === 'refund' ? 'Refund' : 'Payment'} receipt: {r.description}
              </Link>
              <span className="mymove-muted">
                {' '}
                {r.kind === 'refund' ? '−' : ''}
                {penceText(r.amountPence)} · {stampText(r.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
