/**
 * /mymove/:token/receipt/:receiptId: one payment or refund as a printable receipt. The same signed
 * link opens it, so a customer can print it without an account; print CSS leaves only the receipt.
 */
import { Link, useParams } from 'react-router-dom';
import { COMPANY, type MyMoveReceipt } from '@vanhop/contracts';
import { ApiError, getMyMoveReceipt } from '../../api/client';
import { usePublicConfig } from '../../lib/config';
import { usePageTitle } from '../../lib/usePageTitle';
import { useResource } from '../../lib';
import { moveWhenText, NOT_FOUND_TEXT, penceText, stampText } from '../../lib/move-words';
import './mymove.css';
import { Button } from '../../ui';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; data: MyMoveReceipt }
  | { status: 'not-found' }
  | { status: 'failed' };

const PROVIDER_TEXT = { stripe: 'Card (Stripe)', local: 'Test checkout (no real card charged)' } as const;

export function ReceiptPage() {
  const { token = '', receiptId = '' } = useParams();
  const { config } = usePublicConfig();
  const read = useResource(() => getMyMoveReceipt(token, receiptId), [token, receiptId]);
  usePageTitle('Receipt');
  // Shown below: "not found" for a 404, the failure text otherwise.
  const loaded: Loaded = read.error
    ? { status: read.error instanceof ApiError && read.error.status === 404 ? 'not-found' : 'failed' }
    : read.data
      ? { status: 'ready', data: read.data }
      : { status: 'loading' };

  const back = (
    <Link to={`/mymove/${encodeURIComponent(token)}`} className="button secondary no-print">
      Back to my move
    </Link>
  );
  if (loaded.status !== 'ready') {
    return (
      <section className="mymove receipt">
        <h1>Receipt</h1>
        {loaded.status === 'loading' ? (
          <p>Loading...</p>
        ) : (
          <p className="mymove-error" role="alert">
            {loaded.status === 'not-found'
              ? NOT_FOUND_TEXT
              : 'We could not load this receipt just now. Please try again in a moment.'}
          </p>
        )}
        {back}
      </section>
    );
  }

  const { receipt, move, customer, randomNumber: code } = loaded.data;
  const refund = receipt.kind === 'refund';
  const from = move.addresses[0];
  const to = move.addresses.length > 1 ? move.addresses[move.addresses.length - 1] : undefined;
  return (
    <section className="mymove receipt" data-testid="receipt">
      <header className="receipt-head">
        <div>
          <p className="receipt-company">{COMPANY.name}</p>
          <p className="mymove-muted">
            Company registration number {COMPANY.registrationNumber}
            {config?.email ? ` · ${config.email}` : ''}
            {config?.phone ? ` · ${config.phone}` : ''}
          </p>
        </div>
        <h1>{refund ? 'Refund receipt' : 'Payment receipt'}</h1>
      </header>
      <dl className="mymove-list receipt-lines">
        <div className="mymove-row">
          <dt>Receipt number</dt>
          <dd>{receipt.id}</dd>
        </div>
        <div className="mymove-row">
          <dt>Date</dt>
          <dd>{stampText(receipt.at)}</dd>
        </div>
        <div className="mymove-row">
          <dt>Customer</dt>
          <dd>
            {customer.name} ({customer.email})
          </dd>
        </div>
        <div className="mymove-row">
          <dt>Booking code</dt>
          <dd>{code}</dd>
        </div>
        <div className="mymove-row">
          <dt>For</dt>
          <dd>
            {receipt.description}: {move.typeofVan} van, {move.typeOfWorker}, {moveWhenText(move.date)}
            {from && to ? `, ${from.location} to ${to.location}` : ''}
          </dd>
        </div>
        <div className="mymove-row">
          <dt>Paid by</dt>
          <dd>{PROVIDER_TEXT[receipt.provider] ?? receipt.provider}</dd>
        </div>
        <div className="mymove-row">
          <dt>Payment reference</dt>
          <dd className="receipt-ref">{receipt.providerRef}</dd>
        </div>
        <div className="mymove-row receipt-amount">
          <dt>{refund ? 'Amount refunded' : 'Amount paid'}</dt>
          <dd data-testid="receipt-amount">{penceText(receipt.amountPence)}</dd>
        </div>
      </dl>
      <p className="mymove-muted">Prices exclude VAT: no VAT is added. Thank you for moving with {COMPANY.brand}.</p>
      <p className="mymove-buttons no-print">
        <Button variant="primary" onClick={() => window.print()}>
          Print
        </Button>
        {back}
      </p>
    </section>
  );
}

export default ReceiptPage;
