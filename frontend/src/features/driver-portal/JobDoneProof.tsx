/**
 * "Done" on the day asks for the proof of delivery first: at least one photo of the load (camera or
 * file, images only) and the customer's signature drawn on the card, with the signer's name. All go
 * with the step in one request; the server checks them again (type, size, bytes).
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  JOB_PROOF_MAX_PHOTOS,
  JOB_PROOF_MSG,
  JOB_PROOF_NAME_MAX,
  JOB_PROOF_PHOTO_TYPES,
  type JobView,
} from '@vanhop/contracts';
import { isUnauthorized, markJobDone, messageOf, PortalApiError } from './api';
import { useSubmit } from '../../lib/useSubmit';
import { proofPhoto } from './proof-photos';
import { useDriverSession } from './session';
import { SignaturePad } from './SignaturePad';
import { JobDaySettlement } from './JobDaySettlement';
import { dayFormFor, readDayForm, type DayField } from './day-settlement';
import { Button } from '../../ui';
import { FieldError, FormError } from '../../ui/fields';

type Field = 'photos' | 'signature' | 'signedBy' | DayField;

/** The server's refusals, each beside the field it is about. */
const fieldErrorsOf = (fields: Record<string, string>): Partial<Record<Field, string>> => ({
  photos: Object.entries(fields).find(([k]) => k.startsWith('photos'))?.[1],
  signature: fields.signature,
  signedBy: fields.signedBy,
  method: fields['collected.method'],
  amount: fields['collected.amountPence'],
  finished: fields['times.finishedAt'],
  extrasAmount: fields['extras.amountPence'],
  extrasReason: fields['extras.reason'],
  extrasAgreed: fields['extras.customerAgreed'],
});

/** The photos of the load: taken or chosen (images only, up to the limit), each shown with a way to remove it. */
function ProofPhotos({
  ids,
  photos,
  onPhotos,
  error,
  onProblem,
  busy,
}: {
  ids: string;
  photos: string[];
  onPhotos: (photos: string[]) => void;
  error: string | undefined;
  onProblem: (problem: string | undefined) => void;
  busy: boolean;
}) {
  const addPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const added: string[] = [];
    let problem: string | undefined;
    for (const file of files) {
      const r = await proofPhoto(file);
      if ('problem' in r) problem = r.problem;
      else added.push(r.dataUrl);
    }
    const next = [...photos, ...added];
    if (next.length > JOB_PROOF_MAX_PHOTOS) problem = JOB_PROOF_MSG.tooManyPhotos;
    onPhotos(next.slice(0, JOB_PROOF_MAX_PHOTOS));
    onProblem(problem);
  };

  return (
    <div className="portal-field">
      <label htmlFor={`${ids}-photos`}>Photos of the load</label>
      <span className="portal-muted" id={`${ids}-photos-hint`}>
        At least one, up to {JOB_PROOF_MAX_PHOTOS}: take them or choose them.
      </span>
      <input
        id={`${ids}-photos`}
        type="file"
        accept={JOB_PROOF_PHOTO_TYPES.join(',')}
        capture="environment"
        multiple
        disabled={busy || photos.length >= JOB_PROOF_MAX_PHOTOS}
        aria-describedby={`${ids}-photos-hint${error ? ` ${ids}-photos-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => void addPhotos(e)}
      />
      <FieldError id={`${ids}-photos-error`} error={error} compact />
      {photos.length > 0 && (
        <ul className="portal-proof-photos">
          {photos.map((src, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a photo's item holds no state of its own, and two photos may be the same picture.
            <li key={`${i}-${src.length}`}>
              <img
                src={src}
                // biome-ignore lint/a11y/noRedundantAlt: "Photo" tells it apart from the signature beside it, and the driver's and staff's screens name it the same way.
                alt={`Photo ${i + 1} of the load`}
              />
              <Button area="portal" variant="secondary" onClick={() => onPhotos(photos.filter((_, j) => j !== i))}>
                Remove photo {i + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function JobDoneProof({
  job,
  onDone,
  onCancel,
  onStale,
}: {
  job: JobView;
  onDone: (job: JobView) => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const { token, guard } = useDriverSession();
  const ids = useId();
  const [photos, setPhotos] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [signedBy, setSignedBy] = useState(job.customer?.name ?? job.customerName ?? '');
  const [day, setDay] = useState(() => dayFormFor(job.cashToCollectPence));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSubmit(
    async (token: string, proof: Parameters<typeof markJobDone>[2]) => {
      try {
        onDone(await guard(markJobDone(token, job.bookingId, proof)));
      } catch (err) {
        if (err instanceof PortalApiError && err.status !== 401) {
          setErrors(fieldErrorsOf(err.errors));
          if (err.status === 409) onStale();
        }
        throw err;
      }
    },
    {
      failureText: (err) =>
        isUnauthorized(err) ? null : messageOf(err, 'The job could not be marked done. Please try again.'),
    },
  );
  const busy = send.pending;
  const error = send.failure;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (photos.length === 0) found.photos = JOB_PROOF_MSG.photosRequired;
    if (!signature) found.signature = JOB_PROOF_MSG.signatureRequired;
    if (!signedBy.trim()) found.signedBy = JOB_PROOF_MSG.signedByRequired;
    const dayRead = readDayForm(day, job.cashToCollectPence, job.move.date);
    if ('problems' in dayRead) Object.assign(found, dayRead.problems);
    setErrors(found);
    if (Object.keys(found).length > 0 || !token || !signature || 'problems' in dayRead) return;
    await send.run(token, { photos, signature, signedBy: signedBy.trim(), ...dayRead });
  };

  const errorOf = (field: Field) => <FieldError id={`${ids}-${field}-error`} error={errors[field]} compact />;

  return (
    <form
      className="portal-done-proof"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${ids}-title`}
      data-testid="done-proof"
    >
      <h5 id={`${ids}-title`}>Before you mark it done</h5>
      <ProofPhotos
        ids={ids}
        photos={photos}
        onPhotos={setPhotos}
        error={errors.photos}
        onProblem={(problem) => setErrors((old) => ({ ...old, photos: problem }))}
        busy={busy}
      />
      <div className="portal-field">
        <span className="portal-label">Customer signature</span>
        <SignaturePad
          label="Customer signature"
          onChange={(signed) => {
            setSignature(signed);
            // Once signed, "signature required" is no longer true: it goes.
            if (signed) setErrors((old) => ({ ...old, signature: undefined }));
          }}
        />
        {errorOf('signature')}
      </div>
      <div className="portal-field">
        <label htmlFor={`${ids}-signed-by`}>Signed by</label>
        <input
          id={`${ids}-signed-by`}
          type="text"
          autoComplete="off"
          maxLength={JOB_PROOF_NAME_MAX}
          value={signedBy}
          aria-invalid={errors.signedBy ? true : undefined}
          aria-describedby={errors.signedBy ? `${ids}-signedBy-error` : undefined}
          onChange={(e) => setSignedBy(e.target.value)}
        />
        {errorOf('signedBy')}
      </div>
      <JobDaySettlement
        owedPence={job.cashToCollectPence}
        form={day}
        onChange={setDay}
        errors={errors}
        disabled={busy}
      />
      <FormError error={Object.values(errors).some(Boolean) ? null : error} compact />
      <div className="portal-actions">
        <Button type="submit" area="portal" disabled={busy}>
          Mark done
        </Button>
        <Button area="portal" variant="secondary" disabled={busy} onClick={onCancel}>
          Not yet
        </Button>
        <span className="portal-muted">The customer gets a text.</span>
      </div>
    </form>
  );
}
