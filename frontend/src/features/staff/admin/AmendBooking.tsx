/**
 * "Amend booking" in the record detail panel: staff apply what a customer asked for in Instant
 * Support (a new date, hours, stops). The server re-prices the move with the same driver; the panel
 * then says the new total and the refund or the balance. Closed until asked for, so the panel stays
 * a read-out for everyone just looking.
 */
import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  DEFAULT_VIA_STOP_LOCATION,
  type AmendBookingRequest,
  type BookingAmendment,
  type BookingRecord,
} from '@vanhop/contracts';
import { StopPlaceInput } from '../../../ui/address/StopPlaceInput';
import { DateTimePicker } from '../../../ui/DateTimePicker';
import { FieldError, HourSelect, StairSelect } from '../../../ui/fields';
import { newAddressId } from '../../../store/bookingSlice';
import { AdminApiError, isUnauthorized } from './api';
import { forgetAmendDraft, keepAmendDraft, readAmendDraft } from './amend-draft-store';
import { amendmentBody, amendTermsOf, draftOf, outcomeWords, type AmendDraft, type StopDraft } from './amendment';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';

interface AmendBookingProps {
  record: BookingRecord;
  /** Sends the amendment; resolves with the amended record, rejects with the server's refusal. */
  onAmend: (body: AmendBookingRequest) => Promise<BookingRecord & { amendment: BookingAmendment }>;
  now?: () => Date;
}

interface Failure {
  message: string;
  fields: Record<string, string>;
}

const failureOf = (err: unknown): Failure => {
  if (err instanceof AdminApiError) {
    const errors = (err.body as { errors?: unknown } | undefined)?.errors;
    const fields = errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
    return { message: err.serverMessage ?? `The amendment failed (HTTP ${err.status}).`, fields };
  }
  return { message: 'The amendment failed: please try again.', fields: {} };
};

const roleOf = (i: number, count: number) => (i === 0 ? 'Collection' : i === count - 1 ? 'Delivery' : `Via stop ${i}`);

export function AmendBooking({ record, onAmend, now = () => new Date() }: AmendBookingProps) {
  // A draft kept when the session expired mid-save (./amend-draft-store) reopens the form as it was.
  const [kept] = useState(() => readAmendDraft(record._id));
  const [open, setOpen] = useState(kept !== null);
  const [draft, setDraft] = useState<AmendDraft>(() => kept ?? draftOf(record));
  useEffect(() => {
    if (kept) forgetAmendDraft(record._id);
  }, [kept, record._id]);
  const [invalid, setInvalid] = useState<Failure | null>(null);
  const [outcome, setOutcome] = useState<BookingAmendment | null>(null);
  const amend = useSubmit(async (body: NonNullable<ReturnType<typeof amendmentBody>>, typed: AmendDraft) => {
    try {
      const amended = await onAmend(body);
      setOutcome(amended.amendment);
      setOpen(false);
    } catch (err) {
      // The session expired: staff are on their way to sign in again; keep what they typed for when they come back.
      if (isUnauthorized(err)) keepAmendDraft(record._id, typed);
      throw err;
    }
  });
  const failure = invalid ?? (amend.error !== undefined ? failureOf(amend.error) : null);
  const busy = amend.pending;
  const terms = amendTermsOf(record, now());

  if (!terms.allowed && !outcome) {
    return (
      <section aria-labelledby="amend-title" className="admin-amend">
        <h3 id="amend-title">Amend booking</h3>
        <p className="admin-muted" data-testid="amend-not-allowed">
          {terms.reason}
        </p>
      </section>
    );
  }

  const start = () => {
    setDraft(draftOf(record));
    setInvalid(null);
    amend.reset();
    setOutcome(null);
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = amendmentBody(record, draft);
    amend.reset();
    if (!body) {
      setInvalid({ message: 'Nothing is changed yet: choose a new date, hours or stops first.', fields: {} });
      return;
    }
    setInvalid(null);
    await amend.run(body, draft);
  };

  return (
    <section aria-labelledby="amend-title" className="admin-amend">
      <h3 id="amend-title">Amend booking</h3>
      {outcome && <AmendOutcome outcome={outcome} />}
      {!open ? (
        terms.allowed && (
          <Button area="admin" variant="secondary" onClick={start}>
            Change date, hours or stops
          </Button>
        )
      ) : (
        <AmendForm
          draft={draft}
          setDraft={setDraft}
          failure={failure}
          busy={busy}
          onSubmit={submit}
          onCancel={() => setOpen(false)}
          now={now}
        />
      )}
    </section>
  );
}

function AmendOutcome({ outcome }: { outcome: BookingAmendment }) {
  return (
    <div className="admin-amend-outcome" role="status" data-testid="amend-outcome">
      <p>
        <strong>Amendment saved.</strong> The customer and the driver are e-mailed.
      </p>
      {outcomeWords(outcome).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

interface AmendFormProps {
  draft: AmendDraft;
  setDraft: Dispatch<SetStateAction<AmendDraft>>;
  failure: Failure | null;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  now: () => Date;
}

/** The new date, hours and stops, each with the server's refusal beside it, and Save. */
function AmendForm({ draft, setDraft, failure, busy, onSubmit, onCancel, now }: AmendFormProps) {
  const fieldError = (path: string) => failure?.fields[path];
  return (
    <form className="admin-amend-form" onSubmit={onSubmit} noValidate>
      <p className="admin-muted">
        Change what the customer asked for. The move is priced again with the same driver; any difference is added to
        the balance or refunded to the customer's card.
      </p>
      <div className="admin-field">
        <label htmlFor="amend-date">Moving date</label>
        <DateTimePicker
          id="amend-date"
          name="amend_date"
          value={draft.date}
          onChange={(date) => setDraft((d) => ({ ...d, date }))}
          error={fieldError('date')}
          now={now}
        />
      </div>
      <div className="admin-field">
        <label htmlFor="amend-hours">Booked hours</label>
        <HourSelect
          id="amend-hours"
          value={draft.hour}
          onChange={(e) => setDraft((d) => ({ ...d, hour: e.target.value }))}
          invalid={!!fieldError('hour')}
          errorId="amend-hours-error"
        />
        <FieldError id="amend-hours-error" error={fieldError('hour')} />
      </div>
      <AmendStops stops={draft.stops} setDraft={setDraft} fieldError={fieldError} />
      {failure && (
        <p className="admin-form-error" role="alert" data-testid="amend-error">
          {failure.message}
        </p>
      )}
      <div className="admin-actions">
        <Button type="submit" area="admin" disabled={busy}>
          {busy ? 'Saving...' : 'Save amendment'}
        </Button>
        <Button area="admin" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The stops in order (collection, via stops, delivery), each with its refusals, and Add a via stop. */
function AmendStops({
  stops,
  setDraft,
  fieldError,
}: {
  stops: StopDraft[];
  setDraft: Dispatch<SetStateAction<AmendDraft>>;
  fieldError: (path: string) => string | undefined;
}) {
  const setStop = (id: string, change: Partial<StopDraft>) =>
    setDraft((d) => ({ ...d, stops: d.stops.map((s) => (s.id === id ? { ...s, ...change } : s)) }));
  const addStop = () =>
    setDraft((d) => {
      const at = Math.max(d.stops.length - 1, 1);
      const stop: StopDraft = {
        id: newAddressId(),
        location: DEFAULT_VIA_STOP_LOCATION,
        physicalAddress: '',
        stair: '',
      };
      return { ...d, stops: [...d.stops.slice(0, at), stop, ...d.stops.slice(at)] };
    });
  const removeStop = (id: string) => setDraft((d) => ({ ...d, stops: d.stops.filter((s) => s.id !== id) }));

  return (
    <>
      {stops.map((stop, i, all) => (
        <StopFields
          key={stop.id}
          stop={stop}
          role={roleOf(i, all.length)}
          errors={(field) => fieldError(`addresses[${i}].${field}`)}
          onChange={(change) => setStop(stop.id, change)}
          onRemove={i > 0 && i < all.length - 1 ? () => removeStop(stop.id) : undefined}
        />
      ))}
      <FieldError id="amend-stops-error" error={fieldError('addresses')} />
      <div className="admin-actions">
        <Button area="admin" variant="secondary" onClick={addStop} disabled={stops.length < 2 || stops.length >= 12}>
          Add a via stop
        </Button>
      </div>
    </>
  );
}

function StopFields({
  stop,
  role,
  errors,
  onChange,
  onRemove,
}: {
  stop: StopDraft;
  role: string;
  errors: (field: 'location' | 'physicalAddress' | 'stair') => string | undefined;
  onChange: (change: Partial<StopDraft>) => void;
  onRemove?: () => void;
}) {
  const prefix = `amend-stop-${stop.id}`;
  return (
    <fieldset className="admin-amend-stop" data-testid="amend-stop">
      <legend>{role}</legend>
      <div className="admin-field">
        <label htmlFor={`${prefix}-location`}>Postcode or place</label>
        <StopPlaceInput
          id={`${prefix}-location`}
          location={stop.location}
          onPick={(location) => onChange({ location })}
          error={errors('location')}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${prefix}-address`}>Building address</label>
        <input
          id={`${prefix}-address`}
          type="text"
          value={stop.physicalAddress}
          onChange={(e) => onChange({ physicalAddress: e.target.value })}
          aria-invalid={errors('physicalAddress') ? true : undefined}
          aria-describedby={errors('physicalAddress') ? `${prefix}-address-error` : undefined}
        />
        <FieldError id={`${prefix}-address-error`} error={errors('physicalAddress')} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${prefix}-stair`}>Stairs</label>
        <StairSelect
          id={`${prefix}-stair`}
          value={stop.stair === '' ? '' : String(stop.stair)}
          onChange={(e) => onChange({ stair: e.target.value === '' ? '' : Number(e.target.value) })}
          invalid={!!errors('stair')}
          errorId={`${prefix}-stair-error`}
        />
        <FieldError id={`${prefix}-stair-error`} error={errors('stair')} />
      </div>
      {onRemove && (
        <Button area="admin" variant="secondary" onClick={onRemove} aria-label={`Remove ${role.toLowerCase()}`}>
          Remove
        </Button>
      )}
    </fieldset>
  );
}
