/**
 * A driver's compliance documents on their staff page: insurance and licence, each a reference and
 * an expiry date, checked with the contracts schema before sending. An expired one bars the driver
 * from new quotes and jobs (their jobs stay); the driver and the office are mailed before expiry.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  DRIVER_DOCUMENT_KINDS,
  DRIVER_DOCUMENT_LABEL,
  driverDocumentsSchema,
  type DriverDocumentKind,
  type DriverDocumentsView,
} from '@vanhop/contracts';
import { ValidationError as YupValidationError } from 'yup';
import { AdminApiError, fetchDriverDocuments, fieldErrorsOf, saveDriverDocuments } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { calendarDate, londonDateTime } from '../../../lib/format';
import './calendar.css';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';
import { FieldError, FormError } from '../../../ui/fields';

type Draft = Record<DriverDocumentKind, { reference: string; expiresOn: string }>;

const draftOf = (view: DriverDocumentsView | null): Draft =>
  Object.fromEntries(
    DRIVER_DOCUMENT_KINDS.map((k) => [
      k,
      { reference: view?.[k]?.reference ?? '', expiresOn: view?.[k]?.expiresOn ?? '' },
    ]),
  ) as Draft;

/** Both fields empty: no document recorded (null); otherwise both are checked. */
const bodyOf = (draft: Draft) =>
  Object.fromEntries(
    DRIVER_DOCUMENT_KINDS.map((k) => [
      k,
      draft[k].reference.trim() || draft[k].expiresOn
        ? { reference: draft[k].reference, expiresOn: draft[k].expiresOn }
        : null,
    ]),
  );

const STANDING_WORDS = {
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
  missing: 'Not recorded',
} as const;
const STANDING_TONE = { valid: 'accepted', expiring: 'waiting', expired: 'cancelled', missing: 'quotation' } as const;

export function DocumentStandingMark({ standing }: { standing: keyof typeof STANDING_WORDS }) {
  return (
    <span className={`admin-job-status is-${STANDING_TONE[standing]}`} data-testid="document-standing">
      {STANDING_WORDS[standing]}
    </span>
  );
}

interface DocumentFieldsProps {
  /** The prefix of the fields' ids. */
  id: string;
  kind: DriverDocumentKind;
  view: DriverDocumentsView;
  draft: Draft[DriverDocumentKind];
  errors: Record<string, string>;
  onChange: (field: 'reference' | 'expiresOn', value: string) => void;
}

/** One document: its standing, its reference and expiry date (each with its refusal), and when its reminder goes. */
function DocumentFields({ id, kind, view, draft, errors, onChange }: DocumentFieldsProps) {
  const current = view[kind] ?? null;
  return (
    <fieldset className="driver-document">
      <legend>
        {DRIVER_DOCUMENT_LABEL[kind]} <DocumentStandingMark standing={current?.standing ?? 'missing'} />
      </legend>
      <div className="admin-field">
        <label htmlFor={`${id}-ref`}>Reference</label>
        <input
          id={`${id}-ref`}
          name={`${kind}.reference`}
          value={draft.reference}
          onChange={(e) => onChange('reference', e.target.value)}
          aria-invalid={errors[`${kind}.reference`] ? true : undefined}
          aria-describedby={errors[`${kind}.reference`] ? `${id}-ref-error` : undefined}
        />
        <FieldError id={`${id}-ref-error`} error={errors[`${kind}.reference`]} compact />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-exp`}>Expiry date</label>
        <input
          id={`${id}-exp`}
          name={`${kind}.expiresOn`}
          type="date"
          value={draft.expiresOn}
          onChange={(e) => onChange('expiresOn', e.target.value)}
          aria-invalid={errors[`${kind}.expiresOn`] ? true : undefined}
          aria-describedby={errors[`${kind}.expiresOn`] ? `${id}-exp-error` : undefined}
        />
        <FieldError id={`${id}-exp-error`} error={errors[`${kind}.expiresOn`]} compact />
      </div>
      {current && (
        <p className="admin-muted driver-document-note">
          Valid through {calendarDate(current.expiresOn)}.{' '}
          {current.remindedAt
            ? `Reminder mailed ${londonDateTime(current.remindedAt)}.`
            : `Reminder ${view.reminderDays ?? 14} days before.`}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The documents as stored, the draft being typed, and saving it: checked with the contracts schema
 * first, then sent; the form's own checks or the server's refusals per field.
 */
function useDocumentsForm(driverId: string) {
  const { token, guard } = useAdminSession();
  const [view, setView] = useState<DriverDocumentsView | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const saving = useSubmit(
    async (token: string, body: ReturnType<typeof bodyOf>) => {
      const saved = await guard(saveDriverDocuments(token, driverId, body as never));
      setView(saved);
      setDraft(draftOf(saved));
      setStatus('Documents saved');
    },
    {
      failureText: (err) =>
        err instanceof AdminApiError && err.serverMessage
          ? err.serverMessage
          : 'The documents could not be saved. Please try again.',
    },
  );

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const v = await guard(fetchDriverDocuments(token, driverId));
      setView(v);
      setDraft(draftOf(v));
    } catch {
      setLoadFailure('The documents could not be loaded.');
    }
  }, [token, guard, driverId]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setStatus(null);
    setLoadFailure(null);
    saving.reset();
    const body = bodyOf(draft);
    try {
      await driverDocumentsSchema.validate(body, { abortEarly: false });
    } catch (err) {
      if (err instanceof YupValidationError) {
        setChecked(Object.fromEntries(err.inner.map((i) => [i.path ?? '', i.message])));
        return;
      }
      throw err;
    }
    setChecked({});
    await saving.run(token, body);
  };

  const set = (kind: DriverDocumentKind, field: 'reference' | 'expiresOn', value: string) =>
    setDraft((d) => ({ ...d, [kind]: { ...d[kind], [field]: value } }));

  return {
    view,
    draft,
    set,
    save,
    status,
    // The form's own checks, or what the server refused of the last save.
    errors: saving.error !== undefined ? fieldErrorsOf(saving.error) : checked,
    failure: saving.failure ?? loadFailure,
    busy: saving.pending,
  };
}

export function DriverDocuments({ driverId }: { driverId: string }) {
  const id = useId();
  const { view, draft, set, save, status, errors, failure, busy } = useDocumentsForm(driverId);

  return (
    <section className="admin-card driver-documents" aria-labelledby={`${id}-title`} data-testid="driver-documents">
      <h2 id={`${id}-title`}>Documents</h2>
      {view?.barred && (
        <p className="admin-form-error" role="alert" data-testid="documents-barred">
          A document has expired: this driver is offered in no new quote and cannot be given a job until it is renewed.
          Their jobs stay.
        </p>
      )}
      {!view && !failure && <p>Loading...</p>}
      {view && (
        <form onSubmit={(e) => void save(e)} noValidate>
          {DRIVER_DOCUMENT_KINDS.map((kind) => (
            <DocumentFields
              key={kind}
              id={`${id}-${kind}`}
              kind={kind}
              view={view}
              draft={draft[kind]}
              errors={errors}
              onChange={(field, value) => set(kind, field, value)}
            />
          ))}
          <Button type="submit" area="admin" disabled={busy}>
            Save documents
          </Button>
        </form>
      )}
      {status && (
        <p role="status" className="vh-form-ok">
          {status}
        </p>
      )}
      <FormError error={failure} compact />
    </section>
  );
}
