/**
 * The floating quote summary for the chosen offer: Show More/Less, the deposit share, Book Now
 * (payment session, then off to the checkout page) and SaveForLater (a retrieve code, then home).
 * A stale quote (the move was edited since it was priced, or the server refused its price) shows no
 * price and cannot be booked or saved: only getting quotes again.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BOOKING_TIME_MESSAGES,
  earliestBookingTime,
  MSG,
  type Offer,
  type PaymentPercentage,
  type Quote,
  formatPounds,
} from '@vanhop/contracts';
import { Modal } from '../../ui/Modal';
import { Alert, Button } from '../../ui';
import { DepositChoice } from '../../ui/DepositChoice';
import { ApiError, createPaymentSession, holdsOwnCheckouts, releaseOwnCheckouts, saveForLater } from '../../api/client';
import { ReleaseOwnCheckouts } from '../../ui/ReleaseOwnCheckouts';
import { formatMovingDate } from '../../lib/dateRules';
import { hoursLabel, newRetrieveCode, overtimeOf } from './bookingModel';
import { EstimateFacts } from './JobEstimate';
import { homeNoticeState } from '../../lib/homeNotice';
import { FormError } from '../../ui/fields';
import { useSubmit } from '../../lib/useSubmit';

interface QuotePanelProps {
  quote: Quote;
  offer: Offer;
  /** The move changed after this quote was priced. */
  stale?: boolean;
  /** Price the move as it is now (the panel's way out of the stale state). */
  onRequote?: () => void;
  onClose: () => void;
  onCompare: () => void;
  /** Book the estimate's suggested hours in one click (the form prices the move again). */
  onUseHours?: (hours: number) => void;
}

/** The server refuses (409) a quote whose price or move is not what it would book now. */
const refusedAsStale = (err: unknown): string | null =>
  err instanceof ApiError && err.status === 409 ? err.message : null;

/**
 * Any other refusal in the server's own words (a 400 or 429 explains itself: a move that became too
 * soon, the limit on unpaid checkouts); a move now too soon also says when the earliest start is.
 * Null for failures that are not the customer's to fix (network, 5xx).
 */
export function refusalWords(err: unknown, now: Date = new Date()): string | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500 || !err.message) return null;
  if (err.message !== BOOKING_TIME_MESSAGES.tooSoon) return err.message;
  return `${err.message}. The earliest start you can book now is ${formatMovingDate(earliestBookingTime(now).toISOString())}: change the moving date on the form and get quotes again.`;
}

export function QuotePanel({
  quote,
  offer,
  stale = false,
  onRequote,
  onClose,
  onCompare,
  onUseHours,
}: QuotePanelProps) {
  const navigate = useNavigate();
  const [more, setMore] = useState(false);
  const [percentage, setPercentage] = useState<PaymentPercentage | null>(null);
  const [problem, setProblem] = useState('');
  const [minimised, setMinimised] = useState(false);
  const [refused, setRefused] = useState('');
  /** The limit on unpaid checkouts refused Book Now, and this tab opened some of them: it may release its own. */
  const [canRelease, setCanRelease] = useState(false);
  const outdated = stale || refused !== '';

  /** A refusal shown as stale (the panel's way out) or in words; rethrown so the send counts as failed. */
  const refuse = (err: unknown, fallback: string): never => {
    const why = refusedAsStale(err);
    if (why) setRefused(why);
    else setProblem(refusalWords(err) ?? fallback);
    throw err;
  };

  // Off to the checkout page: the buttons stay disabled while the browser leaves.
  const payment = useSubmit(
    async (chosen: PaymentPercentage) => {
      setCanRelease(false);
      try {
        const { url } = await createPaymentSession({ ...quote, percentage: chosen });
        window.location.assign(url);
      } catch (err) {
        setCanRelease(err instanceof ApiError && err.status === 429 && holdsOwnCheckouts());
        refuse(err, 'We could not start the payment. Please try again.');
      }
    },
    { leavesPage: true },
  );

  const saving = useSubmit(async () => {
    try {
      const { data } = await saveForLater({
        date: new Date().toISOString(),
        quote: { ...quote, percentage },
        randomNumber: newRetrieveCode(),
      });
      alert(
        `Thank you ${data.quote.name}! Your quote is saved. Your retrieve code is ${data.randomNumber}: use it on the Got Quote With Us? page to book later.`,
      );
      await navigate('/', {
        state: homeNoticeState({
          title: `Quote saved: your retrieve code is ${data.randomNumber}.`,
          text: 'We have e-mailed and texted you a link to it. Use the code on the Got Quote With Us? page to book it later.',
        }),
      });
    } catch (err) {
      refuse(err, 'We could not save your quote. Please try again.');
    }
  });
  const busy = payment.pending || saving.pending;

  const bookNow = async () => {
    if (outdated) return;
    if (!percentage) {
      alert(MSG.payment.choosePercentage);
      return;
    }
    await payment.run(percentage);
  };

  const bookAfterRelease = async () => {
    setProblem('');
    await bookNow();
  };

  const saveLater = async () => {
    if (outdated) return;
    await saving.run();
  };

  if (minimised) {
    // Out of the form's way while the customer reads or edits it: one line, one tap back.
    return (
      <section className="quote-panel-bar" aria-label="Your quote, minimised" data-testid="quote-panel-bar">
        <span>Your quote{outdated ? ': prices changed' : `: ${formatPounds(quote.totalPrice)}`}</span>
        <Button variant="primary" onClick={() => setMinimised(false)}>
          Show my quote
        </Button>
      </section>
    );
  }

  return (
    <Modal title="Your quote" onClose={onClose} floating className="quote-panel">
      <Button variant="link" className="quote-panel-minimise" onClick={() => setMinimised(true)}>
        Minimise to see the form
      </Button>
      {outdated ? (
        <div className="quote-panel-stale">
          <Alert tone="warning" role="alert">
            <p>
              <strong>{MSG.quote.pricesChanged}</strong>
              {refused && <span className="quote-panel-refused">{refused}</span>}
            </p>
          </Alert>
          <Button variant="primary" onClick={onRequote} disabled={!onRequote}>
            {MSG.quote.getQuotesAgain}
          </Button>
        </div>
      ) : (
        <QuoteFacts
          quote={quote}
          offer={offer}
          more={more}
          onToggleMore={() => setMore((m) => !m)}
          percentage={percentage}
          onPercentage={setPercentage}
          onUseHours={onUseHours}
        />
      )}
      <FormError error={problem} />
      {canRelease && !outdated && <ReleaseOwnCheckouts release={releaseOwnCheckouts} onReleased={bookAfterRelease} />}
      <div className="quote-panel-actions">
        <Button variant="primary" disabled={busy || outdated} onClick={bookNow}>
          Book Now
        </Button>
        <Button variant="secondary" disabled={busy || outdated} onClick={saveLater}>
          SaveForLater
        </Button>
      </div>
      {!outdated && (
        <Button variant="link" onClick={onCompare}>
          Compare all quotes
        </Button>
      )}
    </Modal>
  );
}

interface QuoteFactsProps {
  quote: Quote;
  offer: Offer;
  more: boolean;
  onToggleMore: () => void;
  percentage: PaymentPercentage | null;
  onPercentage: (p: PaymentPercentage) => void;
  onUseHours?: (hours: number) => void;
}

/** Everything in the panel that states a price or the priced move: shown only while it is current. */
function QuoteFacts({ quote, offer, more, onToggleMore, percentage, onPercentage, onUseHours }: QuoteFactsProps) {
  const [from, to] = [
    quote.places[0] ?? quote.totalAddress[0]?.location,
    quote.places.at(-1) ?? quote.totalAddress.at(-1)?.location,
  ];
  return (
    <>
      <p className="quote-panel-price">
        <strong>{formatPounds(quote.totalPrice)}</strong> with {offer.driverName}
      </p>
      <p className="quote-panel-route">
        {from} → {to}
      </p>
      <p>{quote.date ? formatMovingDate(quote.date) : 'No date chosen yet'}</p>
      {(offer.estimate ?? quote.estimate) && (
        <EstimateFacts
          estimate={(offer.estimate ?? quote.estimate)!}
          bookedHours={quote.totalHour}
          chargedHours={quote.totalSecond / 3600}
          overtimePerHalfHour={overtimeOf(quote)}
          onUseHours={onUseHours}
        />
      )}
      {more && (
        <dl className="quote-panel-more">
          <div>
            <dt>Van</dt>
            <dd>{quote.typeofVan}</dd>
          </div>
          <div>
            <dt>Help</dt>
            <dd>{quote.typeOfWorker}</dd>
          </div>
          <div>
            <dt>Booked time</dt>
            <dd>{quote.totalHour} h</dd>
          </div>
          <div>
            <dt>Driving</dt>
            <dd>
              {quote.travelMiles.toFixed(1)} miles, about {hoursLabel(quote.travelHour)}
            </dd>
          </div>
          <div>
            <dt>Stops</dt>
            <dd>{quote.places.join(' → ')}</dd>
          </div>
          <div>
            <dt>Overtime</dt>
            <dd>{formatPounds(overtimeOf(quote))} per half hour (the driver's rate for this van and help)</dd>
          </div>
          {offer.breakdown.map((b) => (
            <div key={b.label}>
              <dt>{b.label}</dt>
              <dd>{formatPounds(b.amount)}</dd>
            </div>
          ))}
          {offer.chargesOnTheDay.length > 0 && (
            <div>
              <dt>Payable on the day</dt>
              <dd>
                {offer.chargesOnTheDay
                  .map((c) => (c.amount !== null ? `${c.label} ${formatPounds(c.amount)}` : c.label))
                  .join('; ')}
              </dd>
            </div>
          )}
        </dl>
      )}
      <Button variant="link" aria-expanded={more} onClick={onToggleMore}>
        {more ? 'Show Less' : 'Show More'}
      </Button>
      <DepositChoice totalPrice={quote.totalPrice} percentage={percentage} onChange={onPercentage} />
    </>
  );
}
