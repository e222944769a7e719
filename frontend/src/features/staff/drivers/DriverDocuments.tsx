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

export function DriverDocuments({ driverId }: { driverId: string }) {
  const { token, guard } = useAdminSession();
  const id = useId();
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
  // The form's own checks, or what the server refused of the last save.
  const errors = saving.error !== undefined ? fieldErrorsOf(saving.error) : checked;
  const failure = saving.failure ?? loadFailure;
  const busy = saving.pending;

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
          {DRIVER_DOCUMENT_KINDS.map((kind) => {
            const current = view?.[kind] ?? null;
            return (
              <fieldset key={kind} className="driver-document">
                <legend>
                  {DRIVER_DOCUMENT_LABEL[kind]} <DocumentStandingMark standing={current?.standing ?? 'missing'} />
                </legend>
                <div className="admin-field">
                  <label htmlFor={`${id}-${kind}-ref`}>Reference</label>
                  <input
                    id={`${id}-${kind}-ref`}
                    name={`${kind}.reference`}
                    value={draft[kind].reference}
                    onChange={(e) => set(kind, 'reference', e.target.value)}
                    aria-invalid={errors[`${kind}.reference`] ? true : undefined}
                    aria-describedby={errors[`${kind}.reference`] ? `${id}-${kind}-ref-error` : undefined}
                  />
                  <FieldError id={`${id}-${kind}-ref-error`} error={errors[`${kind}.reference`]} compact />
                </div>
                <div className="admin-field">
                  <label htmlFor={`${id}-${kind}-exp`}>Expiry date</label>
                  <input
                    id={`${id}-${kind}-exp`}
                    name={`${kind}.expiresOn`}
                    type="date"
                    value={draft[kind].expiresOn}
                    onChange={(e) => set(kind, 'expiresOn', e.target.value)}
                    aria-invalid={errors[`${kind}.expiresOn`] ? true : undefined}
                    aria-describedby={errors[`${kind}.expiresOn`] ? `${id}-${kind}-exp-error` : undefined}
                  />
                  <FieldError id={`${id}-${kind}-exp-error`} error={errors[`${kind}.expiresOn`]} compact />
                </div>
                {current && (
                  <p className="admin-muted driver-document-note">
                    Valid through {calendarDate(current.expiresOn)}.{' '}
                    {current.remindedAt
                      ? `Reminder mailed ${londonDateTime(current.remindedAt)}.`
                      : `Reminder ${view?.reminderDays ?? 14} days before.`}
                  </p>
                )}
              </fieldset>
            );
          })}
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
