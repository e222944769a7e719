/**
 * What the customer may do with the booking now, exactly as the server's rules allow (view.actions).
 * Cancelling and postponing open a confirmation with the terms first; nothing happens until the
 * customer confirms. An action that is not allowed says why.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  reactivateBookingSchema,
  shortNoticeInPriceText,
  type CancelTerms,
  type MyMoveView,
  type NewDatePrice,
} from '@vanhop/contracts';
import {
  ApiError,
  cancelMyMove,
  payMyMoveBalance,
  postponeMyMove,
  priceNewDate,
  reactivateMyMove,
} from '../../api/client';
import { DateTimePicker } from '../../ui/DateTimePicker';
import { isBookable } from '../../lib/dateRules';
import type { ActionName, MyMoveState } from './myMoveState';
import type { useMyMove } from './useMyMove';
import { dayText, penceText } from '../../lib/move-words';
import { Button } from '../../ui';
import { useSubmit } from '../../lib/useSubmit';

type Ready = Extract<MyMoveState, { status: 'ready' }>;
type Controls = Pick<ReturnType<typeof useMyMove>, 'run' | 'leave' | 'refresh' | 'dismiss'>;

interface ActionsProps extends Controls {
  token: string;
  state: Ready;
  now?: () => Date;
}

export const TERMS_CHANGED =
  'The terms changed while this was open (the time limits are strict): please read them again before you confirm.';

export function MoveActions({ token, state, run, leave, refresh, dismiss, now }: ActionsProps) {
  const { view } = state;
  const reasons = notAllowedReasons(view);
  const anything =
    view.actions.payBalance ||
    view.actions.cancel.allowed ||
    view.actions.postpone.allowed ||
    view.actions.reactivate.allowed;
  return (
    <section className="mymove-card mymove-actions" aria-labelledby="mymove-actions">
      <h2 id="mymove-actions">What you can do</h2>
      {!anything && (
        <p>
          {view.state === 'cancelled'
            ? 'This booking is cancelled: there is nothing more to change. Your receipts stay on this page.'
            : 'There is nothing to change on this booking now.'}
        </p>
      )}
      {view.actions.payBalance && (
        <PayBalance view={view} busy={state.busy} onPay={() => leave('payBalance', () => payMyMoveBalance(token))} />
      )}
      {view.actions.reactivate.allowed && (
        <Reactivate
          view={view}
          busy={state.busy === 'reactivate'}
          serverError={state.actionError?.action === 'reactivate' ? state.actionError : null}
          onPrice={(date) => priceNewDate(token, date)}
          onSubmit={(date, expectedTotalPence) =>
            run('reactivate', () => reactivateMyMove(token, date, expectedTotalPence))
          }
          now={now}
        />
      )}
      {view.actions.postpone.allowed && (
        <Postpone busy={state.busy === 'postpone'} onConfirm={() => run('postpone', () => postponeMyMove(token))} />
      )}
      {view.actions.cancel.allowed && (
        <Cancel
          view={view}
          busy={state.busy === 'cancel'}
          refresh={refresh}
          onConfirm={(refundPence) => run('cancel', () => cancelMyMove(token, refundPence))}
        />
      )}
      {state.actionError && state.actionError.action !== 'reactivate' && (
        <div className="mymove-error" role="alert">
          <p>{state.actionError.message}</p>
          <Button variant="secondary" onClick={dismiss}>
            OK
          </Button>
        </div>
      )}
      {reasons.length > 0 && (
        <ul className="mymove-reasons" aria-label="Not available now">
          {reasons.map(([what, why]) => (
            <li key={what}>
              <strong>{what}:</strong> {why}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Why the actions the customer might look for are not offered. Reasons the status already says
 * ("already cancelled", "already postponed") are left out, and a new date only matters once postponed.
 */
export function notAllowedReasons(view: MyMoveView): [string, string][] {
  const out: [string, string][] = [];
  const { actions, money, state } = view;
  if (!actions.payBalance && money.balancePence > 0 && state !== 'cancelled') {
    out.push([
      'Pay the balance',
      state === 'frozen'
        ? 'The balance can be paid once your move has a new date.'
        : `The balance of ${penceText(money.balancePence)} is paid to your driver at the end of the job.`,
    ]);
  }
  if (!actions.reactivate.allowed && state === 'frozen' && actions.reactivate.reason)
    out.push(['New date', actions.reactivate.reason]);
  if (!actions.postpone.allowed && actions.postpone.reason && state === 'active')
    out.push(['Postpone', actions.postpone.reason]);
  if (!actions.cancel.allowed && actions.cancel.reason && state !== 'cancelled')
    out.push(['Cancel', actions.cancel.reason]);
  return out;
}

function PayBalance({ view, busy, onPay }: { view: MyMoveView; busy: ActionName | null; onPay: () => void }) {
  return (
    <div className="mymove-action">
      <h3>Pay the balance</h3>
      <p>Pay what is left now by card and there is nothing to pay on the day. You get a receipt by e-mail.</p>
      <Button variant="primary" disabled={busy !== null} onClick={onPay}>
        {busy === 'payBalance' ? 'Please wait...' : `Pay the balance of ${penceText(view.money.balancePence)}`}
      </Button>
    </div>
  );
}

/** A confirmation step inside the page: focus moves to its heading so a screen reader reads the terms first. */
function ConfirmBox({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const id = `confirm-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width.
    <div className="mymove-confirm" role="group" aria-labelledby={id} data-testid={id}>
      <h4 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {children}
      <div className="mymove-buttons">{actions}</div>
    </div>
  );
}

function Cancel({
  view,
  busy,
  refresh,
  onConfirm,
}: {
  view: MyMoveView;
  busy: boolean;
  refresh: () => Promise<MyMoveView | null>;
  onConfirm: (refundPence: number) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  // The terms the customer is reading: fetched when the box opens, so the clock is the server's, not the page's age.
  const [seen, setSeen] = useState<CancelTerms | null>(null);
  const [changed, setChanged] = useState(false);
  const [checking, setChecking] = useState(false);

  const start = async () => {
    setChecking(true);
    const fresh = await refresh();
    setChecking(false);
    setChanged(false);
    setSeen((fresh ?? view).actions.cancel);
    setOpen(true);
  };

  const confirm = async () => {
    // The cooling-off hour may have ended while the box was open: never cancel on terms the customer did not see.
    setChecking(true);
    const fresh = await refresh();
    setChecking(false);
    if (!fresh) return;
    const terms = fresh.actions.cancel;
    if (!terms.allowed) {
      setOpen(false);
      return;
    }
    if (!seen || terms.terms !== seen.terms || terms.refundPence !== seen.refundPence) {
      setSeen(terms);
      setChanged(true);
      return;
    }
    // The server refuses if the refund it would make is not the one on screen.
    if (await onConfirm(terms.refundPence)) setOpen(false);
  };

  const working = busy || checking;
  return (
    <div className="mymove-action">
      <h3>Cancel the move</h3>
      {!open ? (
        <Button variant="secondary" onClick={start} disabled={working}>
          {checking ? 'Please wait...' : 'Cancel my move'}
        </Button>
      ) : (
        seen && (
          <ConfirmBox
            title="Before you cancel"
            actions={
              <>
                <Button variant="danger" onClick={confirm} disabled={working}>
                  {working ? 'Please wait...' : 'Yes, cancel my move'}
                </Button>
                <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                  Keep my move
                </Button>
              </>
            }
          >
            {changed && (
              <p className="mymove-warning" role="alert">
                {TERMS_CHANGED}
              </p>
            )}
            <p data-testid="cancel-terms">{seen.terms}</p>
            <p className="mymove-refund-line">
              {seen.refundPence > 0 ? (
                <>
                  Refund to your card: <strong>{penceText(seen.refundPence)}</strong>
                </>
              ) : (
                <>
                  Refund: <strong>none</strong>
                </>
              )}
            </p>
          </ConfirmBox>
        )
      )}
    </div>
  );
}

function Postpone({ busy, onConfirm }: { busy: boolean; onConfirm: () => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mymove-action">
      <h3>Postpone the move</h3>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)} disabled={busy}>
          Postpone my move
        </Button>
      ) : (
        <ConfirmBox
          title="Before you postpone"
          actions={
            <>
              <Button
                variant="primary"
                disabled={busy}
                onClick={async () => {
                  if (await onConfirm()) setOpen(false);
                }}
              >
                {busy ? 'Please wait...' : 'Yes, postpone my move'}
              </Button>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
                Keep my date
              </Button>
            </>
          }
        >
          <p>
            Postponing keeps your booking and everything you paid, without a moving date. Under our terms a move can be
            postponed only with at least 24 hours’ notice, and a postponed booking must be given a new date within 12
            months.
          </p>
          <p>
            The new date is priced again: if it costs more you pay the difference, if it costs less we refund the
            difference to your card.
          </p>
        </ConfirmBox>
      )}
    </div>
  );
}

/** What confirming the new date does to the money, in a sentence. */
export function newDateSettlementText(
  p: Pick<NewDatePrice, 'balancePence' | 'refundPence' | 'totalPence' | 'previousTotalPence'>,
): string {
  if (p.refundPence > 0) return `We refund ${penceText(p.refundPence)} to your card.`;
  if (p.balancePence > 0)
    return `${penceText(p.balancePence)} is left to pay: online here, or to your driver on the day.`;
  return p.totalPence === p.previousTotalPence
    ? 'The price is unchanged and nothing more is due.'
    : 'Nothing more is due.';
}

function Reactivate({
  view,
  busy,
  serverError,
  onPrice,
  onSubmit,
  now = () => new Date(),
}: {
  view: MyMoveView;
  busy: boolean;
  serverError: { message: string; fields?: Record<string, string> } | null;
  /** The new date's price, asked before the customer confirms it. */
  onPrice: (date: string) => Promise<NewDatePrice>;
  onSubmit: (date: string, expectedTotalPence: number) => Promise<boolean>;
  now?: () => Date;
}) {
  const [date, setDate] = useState('');
  const [error, setError] = useState('');
  /** The price shown for `date`; confirming sends its total, so a price that moved meanwhile is refused. */
  const [priced, setPriced] = useState<NewDatePrice | null>(null);
  // A refusal of the date itself names the field; anything else in the server's words.
  const pricing = useSubmit(onPrice, {
    failureText: (err) =>
      (err instanceof ApiError ? err.errors : undefined)?.date ??
      (err instanceof Error && err.message ? err.message : 'We could not price that date. Please try again.'),
  });
  const chooseDate = (next: string) => {
    setDate(next);
    setPriced(null);
  };
  const latestIso = view.actions.reactivate.latest;
  const latest = latestIso ? new Date(latestIso) : undefined;

  const submit = async () => {
    setError('');
    pricing.reset();
    try {
      await reactivateBookingSchema.validate({ date: date || undefined });
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    if (!isBookable(date, now())) {
      setError('This time can no longer be booked: please choose another.');
      return;
    }
    if (latest && new Date(date) > latest) {
      setError(`Please choose a date on or before ${dayText(latestIso)}.`);
      return;
    }
    const price = await pricing.run(date);
    if (price) setPriced(price);
  };

  const confirm = async () => {
    if (!priced) return;
    // A refusal (the price moved, the driver is not free) is shown by the page; the price is asked again.
    if (!(await onSubmit(priced.date, priced.totalPence))) setPriced(null);
  };

  const shownError = error || pricing.failure || serverError?.fields?.date || serverError?.message || '';
  return (
    <div className="mymove-action">
      <h3>Choose a new moving date</h3>
      {/* That the move is postponed is said once, at the top of the page: this says how to choose. */}
      <p>
        {latestIso ? `Any date and time up to ${dayText(latestIso)}.` : 'Any date and time.'} The move is priced again
        for the new date: you pay any difference, or we refund it to your card.
      </p>
      <label htmlFor="reactivate-date" className="mymove-label">
        New moving date
      </label>
      <DateTimePicker
        id="reactivate-date"
        name="reactivate_date"
        value={date}
        onChange={chooseDate}
        error={shownError || undefined}
        latest={latest}
        now={now}
      />
      {priced ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width.
        <div className="mymove-new-price" role="group" aria-label="Price for the new date" data-testid="new-date-price">
          <p>
            New price for this date: <strong>{penceText(priced.totalPence)}</strong> (was{' '}
            {penceText(priced.previousTotalPence)}).
          </p>
          {priced.shortNoticePence ? (
            <p data-testid="new-date-short-notice">{shortNoticeInPriceText(penceText(priced.shortNoticePence))}</p>
          ) : null}
          <p>{newDateSettlementText(priced)}</p>
          <div className="mymove-buttons">
            <Button variant="primary" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Please wait...' : 'Confirm my new date'}
            </Button>
            <Button variant="secondary" onClick={() => setPriced(null)} disabled={busy}>
              Choose another date
            </Button>
          </div>
        </div>
      ) : (
        <div className="mymove-buttons">
          <Button variant="primary" onClick={() => void submit()} disabled={busy || pricing.pending}>
            {pricing.pending ? 'Pricing the new date...' : 'See the price for this date'}
          </Button>
        </div>
      )}
    </div>
  );
}
