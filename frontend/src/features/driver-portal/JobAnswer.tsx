/**
 * Accept or decline an offered job. Accepting is one tap; declining a paid job cannot be undone (it
 * is offered to the next free driver, or the office finds one), so Decline first asks in the card
 * itself, with the safe choice focused.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { timeLeftText, type JobView } from '@vanhop/contracts';
import { londonDateTime } from '../../lib/format';
import { Button } from '../../ui';

export type JobAnswerKind = 'accept' | 'decline';

interface JobAnswerProps {
  job: JobView;
  busy: boolean;
  onAnswer: (job: JobView, answer: JobAnswerKind) => void;
}

export function JobAnswer({ job, busy, onAnswer }: JobAnswerProps) {
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  // Where focus was asked to go once the step has rendered: the safe choice, or back to Decline.
  // A layout effect moves it in the same commit that shows the step, so no tap lands in between.
  const focusNext = useRef<'keep' | 'decline' | null>(null);

  // After every commit: it acts only when a focus was asked for.
  useLayoutEffect(() => {
    if (focusNext.current === 'keep') keepRef.current?.focus();
    if (focusNext.current === 'decline') declineRef.current?.focus();
    focusNext.current = null;
  });

  const ask = (open: boolean) => {
    focusNext.current = open ? 'keep' : 'decline';
    setConfirming(open);
  };

  return (
    <div className="portal-job-answer">
      {job.reconfirming && (
        <p data-testid="reconfirm-note">
          You accepted this move; it now has a new time outside your working hours. Accept the new time, or decline it.
        </p>
      )}
      <p>
        <strong>
          Respond by <time dateTime={job.respondBy}>{londonDateTime(job.respondBy)}</time>
        </strong>
        <TimeLeft until={job.respondBy} />
      </p>
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width.
        <div className="portal-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            Decline job {job.randomNumber}? It is offered to the next free driver and you cannot take it back.
          </p>
          <div className="portal-actions">
            <Button area="portal" variant="danger" disabled={busy} onClick={() => onAnswer(job, 'decline')}>
              Confirm decline
            </Button>
            <Button
              ref={keepRef}
              type="button"
              area="portal"
              variant="secondary"
              disabled={busy}
              onClick={() => ask(false)}
            >
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="portal-actions">
          <Button area="portal" disabled={busy} onClick={() => onAnswer(job, 'accept')}>
            Accept
          </Button>
          <Button
            ref={declineRef}
            type="button"
            area="portal"
            variant="secondary"
            disabled={busy}
            onClick={() => ask(true)}
          >
            Decline
          </Button>
        </div>
      )}
    </div>
  );
}

/** How often the countdown is redrawn: it shows whole minutes. */
const COUNTDOWN_TICK_MS = 15_000;

/**
 * The time left to answer, counted down as the card stays open (the offer's text names the same
 * deadline). Screen readers are not interrupted by each tick: it is plain text, read with the line.
 */
function TimeLeft({ until }: { until: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeftText(now, until);
  return (
    <span className="portal-time-left" data-testid="time-left">
      {left ? ` · ${left} left` : ' · time is up'}
    </span>
  );
}
