/**
 * /retrieve and /retrieve/:id: find a saved quote by its code. Unpaid: choose 30/50/100 % and pay
 * (Stripe Elements with a publishable key, the local test checkout otherwise). Paid: say what was paid.
 * Coming back from the local checkout (?payment_intent=&redirect_status=succeeded) records the payment.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  MSG,
  retrieveCodeSchema,
  type BookingRecord,
  type PaymentPercentage,
  type PaymentSuccessAck,
  type PaymentSuccessResponse,
  type RecordPaymentItem,
  formatPounds,
} from '@vanhop/contracts';
import {
  ApiError,
  holdsOwnCheckouts,
  releaseOwnCheckouts,
  retrieveQuote,
  saveBookingForPayment,
  updatePaymentStatus,
} from '../../api/client';
import { ReleaseOwnCheckouts } from '../../ui/ReleaseOwnCheckouts';
import { usePublicConfig } from '../../lib/config';
import { formatMovingDate } from '../../lib/dateRules';
import { shareOf } from '../../lib/money';
import { paidForText } from '../../lib/move-words';
import type { ConfirmedPaymentState } from '../../lib/route-state';
import { PATHS } from '../../lib/paths';
import { RetrieveStanding } from './RetrieveStanding';
import './retrieve.css';
import { Button } from '../../ui';
import { useSubmit } from '../../lib/useSubmit';
import { DepositChoice } from '../../ui/DepositChoice';

const StripeCardPayment = lazy(() => import('./StripeCardPayment'));

/** The server's text for a refused code (a 404 body), else the contract's generic message. */
function retrieveErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.body.trim()) return err.message;
  return MSG.retrieve.failed;
}

/** Shown instead of "Payment Success" when the server did not confirm the payment (its words when it gave any). */
export function paymentNotConfirmedText(err: unknown): string {
  const why = err instanceof ApiError && err.status > 0 && err.body.trim() ? ` (${err.message.trim()})` : '';
  return `We could not confirm your payment${why}. Please contact us with your quote code before trying again.`;
}

type Recorded = { confirmed: PaymentSuccessResponse | PaymentSuccessAck } | { failure: string };

/**
 * Records the paid PaymentIntent with its client secret (the proof that this page is the payer's, so
 * the answer carries the booking and its My move link), or the failure text to show.
 */
async function recordPayment(
  record: RecordPaymentItem,
  intentId: string,
  clientSecret: string | null,
): Promise<Recorded> {
  try {
    return { confirmed: await updatePaymentStatus(record, intentId, clientSecret) };
  } catch (err) {
    return { failure: paymentNotConfirmedText(err) };
  }
}

/** The contract's 'Payment Success' alert, then the success page Book Now ends on, with the move and the My move link. */
function useShowPaid() {
  const navigate = useNavigate();
  return (confirmed: PaymentSuccessResponse | PaymentSuccessAck) => {
    alert(MSG.payment.success);
    void navigate(PATHS.paymentSuccess, { state: { confirmed } satisfies ConfirmedPaymentState });
  };
}

async function fetchRecord(code: string): Promise<BookingRecord> {
  const list = await retrieveQuote(code);
  if (!Array.isArray(list) || !list[0]) throw new Error('empty answer');
  return list[0];
}

function QuoteSummary({ record }: { record: BookingRecord }) {
  const q = record.quote;
  return (
    <dl className="retrieve-summary">
      {/* A booked move's name is behind its My move link: the code alone answers it blank. */}
      {q.name && (
        <div>
          <dt>Name</dt>
          <dd>{q.name}</dd>
        </div>
      )}
      <div>
        <dt>Moving date</dt>
        <dd>{q.date ? formatMovingDate(q.date) : 'Not chosen'}</dd>
      </div>
      <div>
        <dt>Route</dt>
        <dd>{(q.places?.length ? q.places : q.totalAddress.map((a) => a.location)).join(' → ')}</dd>
      </div>
      <div>
        <dt>Van and help</dt>
        <dd>
          {q.typeofVan}, {q.typeOfWorker}
        </dd>
      </div>
      <div>
        <dt>Booked time</dt>
        <dd>{q.totalHour} h</dd>
      </div>
      {record.findingDriver ? (
        <div>
          <dt>Driver</dt>
          <dd data-testid="retrieve-driver">We are finding you a new driver</dd>
        </div>
      ) : (
        q.driverName && (
          <div>
            <dt>Driver</dt>
            <dd data-testid="retrieve-driver">{q.driverName}</dd>
          </div>
        )
      )}
      <div>
        <dt>Total price</dt>
        <dd className="retrieve-total">{formatPounds(q.totalPrice)}</dd>
      </div>
    </dl>
  );
}

function PaymentChoice({ record, code }: { record: BookingRecord; code: string }) {
  const showPaid = useShowPaid();
  const { config } = usePublicConfig();
  const clientSecret = useRef<string | null>(null);
  const [percentage, setPercentage] = useState<PaymentPercentage | null>(null);
  const [problem, setProblem] = useState('');
  /** The limit on unpaid checkouts refused, and this tab opened some of them: it may release its own. */
  const [canRelease, setCanRelease] = useState(false);
  const stripeKey = config?.stripePublishableKey;

  /** Saves the booking with the chosen share; the PaymentIntent client secret (and local checkout page). */
  const prepare = async () => {
    if (!percentage) {
      alert(MSG.payment.choosePercentage);
      return null;
    }
    return saveBookingForPayment({ ...record, percentage });
  };

  const localCheckout = useSubmit(
    async () => {
      try {
        const prepared = await prepare();
        if (!prepared) return;
        if (!prepared.localCheckoutUrl) throw new Error('no local checkout page offered');
        window.location.assign(prepared.localCheckoutUrl);
      } catch (err) {
        setCanRelease(err instanceof ApiError && err.status === 429 && holdsOwnCheckouts());
        throw err;
      }
    },
    {
      // The limit on unpaid checkouts explains itself (when the first lapses); anything else stays generic.
      failureText: (err) => (err instanceof ApiError && err.status === 429 ? err.message : MSG.payment.processError),
    },
  );
  const busy = localCheckout.pending;
  const shownProblem = localCheckout.failure ?? problem;

  const payLocally = async () => {
    setProblem('');
    setCanRelease(false);
    await localCheckout.run();
  };

  const payLabel = percentage ? `Pay ${shareOf(record.quote.totalPrice, percentage)}` : 'Pay';
  return (
    <div className="retrieve-pay">
      <DepositChoice totalPrice={record.quote.totalPrice} percentage={percentage} onChange={setPercentage} />
      {stripeKey ? (
        <Suspense fallback={<p>Loading...</p>}>
          <StripeCardPayment
            publishableKey={stripeKey}
            payLabel={payLabel}
            prepare={async () => (clientSecret.current = (await prepare())?.clientSecret ?? null)}
            onPaid={async (intentId) => {
              const recorded = await recordPayment({ ...record, percentage }, intentId, clientSecret.current);
              if ('failure' in recorded) {
                setProblem(recorded.failure);
                return;
              }
              showPaid(recorded.confirmed);
            }}
          />
        </Suspense>
      ) : (
        <>
          <p className="note">
            Card payments are in test mode on this server: you will pay on the local test checkout page.
          </p>
          <Button variant="primary" disabled={busy} onClick={payLocally} data-code={code}>
            {busy ? 'Please wait...' : payLabel}
          </Button>
        </>
      )}
      {shownProblem && (
        <p className="card-error" role="alert">
          {shownProblem}
        </p>
      )}
      {canRelease && <ReleaseOwnCheckouts release={releaseOwnCheckouts} onReleased={payLocally} />}
    </div>
  );
}

export function RetrievePage() {
  // The route's `:id` (the wire contract's /retrieve/{id}) is the retrieve code, prefilled into the input.
  const { id: linkedCode = '' } = useParams();
  const [search] = useSearchParams();
  const showPaid = useShowPaid();
  const [code, setCode] = useState(linkedCode);
  const [record, setRecord] = useState<BookingRecord | null>(null);
  const [error, setError] = useState('');
  const lookup = useSubmit(fetchRecord, { failureText: retrieveErrorText });
  const recordReturn = useSubmit(
    async (code: string, intent: string, secret: string | null) => {
      const recorded = await recordPayment(await fetchRecord(code), intent, secret);
      if ('failure' in recorded) {
        setError(recorded.failure);
        return;
      }
      showPaid(recorded.confirmed);
    },
    { failureText: retrieveErrorText },
  );
  const busy = lookup.pending || recordReturn.pending;
  const shownError = error || lookup.failure || recordReturn.failure || '';
  const handledReturn = useRef(false);

  const intentId = search.get('payment_intent');
  const intentSecret = search.get('payment_intent_client_secret');
  const redirectStatus = search.get('redirect_status');

  useEffect(() => setCode(linkedCode), [linkedCode]);

  // Back from the local checkout: record the payment, then home; a payment the server did not confirm is shown, never "Payment Success".
  useEffect(() => {
    if (!linkedCode || !intentId || handledReturn.current) return;
    handledReturn.current = true;
    if (redirectStatus !== 'succeeded') {
      setError('The payment was not completed. Your card has not been charged; you can try again.');
      return;
    }
    void recordReturn.run(linkedCode, intentId, intentSecret);
    // recordReturn.run is stable; the return is handled once (handledReturn).
  }, [linkedCode, intentId, intentSecret, redirectStatus, recordReturn.run]);

  const load = async (typed: string) => {
    setError('');
    setRecord(null);
    const trimmed = typed.trim();
    // The contracts retrieve code rule: digits, 1 to RETRIEVE_CODE_MAX.
    if (!retrieveCodeSchema.isValidSync(trimmed)) {
      lookup.reset();
      setError('Enter the number code from your quote e-mail.');
      return;
    }
    const found = await lookup.run(trimmed);
    if (found) setRecord(found);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await load(code);
  };

  // A link with its code (/retrieve/<code>, as the saved-quote mail and text send) shows the quote at
  // once; coming back from the checkout is handled above instead.
  const loadedLink = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is a new function each render; the link's code is loaded once per code.
  useEffect(() => {
    if (!linkedCode || intentId || loadedLink.current === linkedCode) return;
    loadedLink.current = linkedCode;
    void load(linkedCode);
  }, [linkedCode, intentId]);

  return (
    <section className="retrieve">
      <h1>Got a quote with us?</h1>
      <p className="lead">Enter the code from your quote e-mail to see your quote and book it.</p>
      <form className="retrieve-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="retrieve-code">Quote code</label>
        <div className="retrieve-row">
          <input
            id="retrieve-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-describedby={shownError ? 'retrieve-error' : undefined}
          />
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Please wait...' : 'Retrieve'}
          </Button>
        </div>
      </form>
      {shownError && (
        <p id="retrieve-error" className="retrieve-error" role="alert">
          {shownError}
        </p>
      )}
      {record && (
        <div className="retrieve-result">
          <h2>Your quote</h2>
          <QuoteSummary record={record} />
          {record.paymentStatus === 'unpaid' && record.state !== 'cancelled' ? (
            <PaymentChoice record={record} code={String(record.randomNumber)} />
          ) : record.state === 'cancelled' || record.state === 'frozen' ? (
            <RetrieveStanding record={{ ...record, state: record.state }} />
          ) : (
            <div className="retrieve-paid">
              <p className="retrieve-paid-status">{MSG.payment.alreadyPaid(paidForText(record.paymentStatus))}</p>
              <p>
                {record.OutstandingBalance > 0
                  ? `The outstanding balance of ${formatPounds(record.OutstandingBalance)} is`
                  : 'Any outstanding balance is'}{' '}
                paid to the driver at the end of the job.
              </p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
