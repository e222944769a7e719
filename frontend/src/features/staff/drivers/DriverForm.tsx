/**
 * The staff form of one driver (new or existing): contact details, vans and help, base and radius,
 * photo, the price card in pounds and, folded away, the bounds the driver may price within.
 */
import { useState, type ChangeEvent } from 'react';
import { Field, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { DRIVER_MSG, HELP_LEVELS, VAN_SIZES, type DriverAdminView } from '@vanhop/contracts';
import { AdminApiError, fieldErrorsOf } from '../admin/api';
import { FieldError, SubmitRow } from '../../../ui/fields';
import {
  BoundsInputs,
  InputField,
  PriceCardInputs,
  formikErrors,
  inputId,
  useFieldError,
} from '../../../ui/formik-fields';
import { fieldTexts } from '../../../lib/price-card-form';
import { driverFormErrors, type DriverFormMode, type DriverFormValues } from './driver-form';
import { Button } from '../../../ui';

const FORM = 'driver';
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const PHOTO_MAX_BYTES = 200 * 1024;

function ChoiceGroup({
  name,
  legend,
  options,
}: {
  name: 'vanSizes' | 'helpLevels';
  legend: string;
  options: readonly string[];
}) {
  const error = useFieldError(name);
  const errorId = inputId(FORM, `${name}-error`);
  return (
    <fieldset className="vh-choices" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o}>
          <Field type="checkbox" name={name} value={o} /> {o}
        </label>
      ))}
      <FieldError id={errorId} name={name} error={error} compact />
    </fieldset>
  );
}

/** An https address, or an uploaded PNG/JPEG/WebP of at most 200 KB kept as a data: URL; with a preview. */
function PhotoField() {
  const { values, setFieldValue, setFieldTouched, setFieldError } = useFormikContext<DriverFormValues>();
  const error = useFieldError('photoUrl');
  const uploaded = values.photoUrl.startsWith('data:');
  const urlId = inputId(FORM, 'photoUrl');
  const fileId = inputId(FORM, 'photoFile');
  const errorId = `${urlId}-error`;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    void setFieldTouched('photoUrl', true, false);
    if (!PHOTO_TYPES.includes(file.type) || file.size > PHOTO_MAX_BYTES) {
      setFieldError('photoUrl', DRIVER_MSG.photo);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') void setFieldValue('photoUrl', reader.result, true);
    };
    reader.onerror = () => setFieldError('photoUrl', DRIVER_MSG.photo);
    reader.readAsDataURL(file);
  };

  return (
    <fieldset className="vh-card-group driver-photo">
      <legend>Photo</legend>
      <div className="vh-field">
        <label htmlFor={urlId}>Photo URL (https)</label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          placeholder={uploaded ? 'Using the uploaded image' : 'https://...'}
          value={uploaded ? '' : values.photoUrl}
          onChange={(e) => void setFieldValue('photoUrl', e.target.value.trim())}
          onBlur={() => void setFieldTouched('photoUrl', true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="vh-field">
        <label htmlFor={fileId}>Upload photo</label>
        <span className="vh-hint">PNG, JPEG or WebP, at most 200 KB</span>
        <input id={fileId} type="file" accept={PHOTO_TYPES.join(',')} onChange={onFile} />
      </div>
      <FieldError id={errorId} name="photoUrl" error={error} compact />
      {values.photoUrl && !error && (
        <div className="driver-photo-preview">
          <img src={values.photoUrl} alt="The driver's new face, as uploaded" width={96} height={96} />
          <Button area="admin" variant="secondary" onClick={() => void setFieldValue('photoUrl', '')}>
            Remove photo
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** Why the save failed, for the line under the form (field texts go beside their fields). */
const failureText = (err: unknown): string => {
  if (err instanceof AdminApiError && err.status === 400)
    return err.serverMessage ? `Not saved: ${err.serverMessage}` : 'Not saved: please correct the fields marked.';
  if (err instanceof AdminApiError && err.serverMessage) return err.serverMessage;
  return 'The driver could not be saved. Please try again.';
};

interface DriverFormProps {
  mode: DriverFormMode;
  initialValues: DriverFormValues;
  /** Sends the form; resolves with the saved driver. */
  save: (values: DriverFormValues) => Promise<DriverAdminView>;
  /** After a 409 (someone else saved first): reads the driver again. */
  onReload?: () => void;
}

export function DriverForm({ mode, initialValues, save, onReload }: DriverFormProps) {
  const [openBounds, setOpenBounds] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const validate = async (values: DriverFormValues) =>
    formikErrors<DriverFormValues>(await driverFormErrors(values, mode));

  const submit = async (values: DriverFormValues, helpers: FormikHelpers<DriverFormValues>) => {
    setFailure(null);
    setConflict(null);
    try {
      await save(values);
    } catch (err) {
      if (err instanceof AdminApiError && err.status === 401) return;
      const fields = fieldTexts(fieldErrorsOf(err));
      // A 409 naming a field (an e-mail another driver has) is shown beside it; without one it is someone else's save.
      if (err instanceof AdminApiError && err.status === 409 && Object.keys(fields).length === 0) {
        setConflict(err.serverMessage ?? 'Someone else changed this driver meanwhile: reload and try again.');
        return;
      }
      if (Object.keys(fields).length) {
        helpers.setErrors(formikErrors<DriverFormValues>(fields));
        if (Object.keys(fields).some((k) => k.startsWith('cardBounds.'))) setOpenBounds(true);
      }
      setFailure(failureText(err));
    }
  };

  return (
    <Formik initialValues={initialValues} validate={validate} onSubmit={submit}>
      {({ isSubmitting, errors, submitCount }) => {
        const boundsErrors = submitCount > 0 && errors.cardBounds !== undefined;
        return (
          <Form
            noValidate
            aria-label={mode === 'new' ? 'New driver' : 'Driver details'}
            className="vh-form driver-form"
          >
            <fieldset className="vh-card-group">
              <legend>Contact</legend>
              <InputField form={FORM} name="name" label="Name" autoComplete="off" />
              <InputField form={FORM} name="email" label="E-mail" type="email" inputMode="email" />
              <InputField
                form={FORM}
                name="phone"
                label="Phone"
                type="tel"
                inputMode="tel"
                hint="10 to 13 digits, e.g. 07700900123"
              />
            </fieldset>
            <ChoiceGroup name="vanSizes" legend="Van sizes" options={VAN_SIZES} />
            <ChoiceGroup name="helpLevels" legend="Help levels" options={HELP_LEVELS} />
            <fieldset className="vh-card-group">
              <legend>Area</legend>
              <InputField form={FORM} name="basePostcode" label="Base postcode" hint="e.g. NW2 or NW2 1AA" />
              <InputField
                form={FORM}
                name="serviceRadiusMiles"
                label="Radius (miles)"
                inputMode="decimal"
                hint="1 to 60"
              />
              <label className="vh-check">
                <Field type="checkbox" name="ulezCompliant" /> ULEZ compliant
              </label>
            </fieldset>
            <PhotoField />

            <section aria-labelledby="driver-card-title" className="driver-card-section">
              <h2 id="driver-card-title">Price card</h2>
              <p className="admin-muted">Money in pounds; it is stored in pence.</p>
              <PriceCardInputs form={FORM} prefix="card" />
            </section>

            <details
              className="driver-bounds"
              open={openBounds || boundsErrors}
              onToggle={(e) => setOpenBounds(e.currentTarget.open)}
            >
              <summary>Price card bounds: what the driver may set their own prices to</summary>
              <p className="admin-muted">
                {mode === 'new' ? 'Leave every bound blank to use the standard bounds. ' : ''}A driver can change each
                number of their card within its minimum and maximum.
              </p>
              <BoundsInputs form={FORM} prefix="cardBounds" />
            </details>

            {conflict && (
              <div className="vh-form-error driver-conflict" role="alert">
                <p>{conflict}</p>
                {onReload && (
                  <Button area="admin" variant="secondary" onClick={onReload}>
                    Reload
                  </Button>
                )}
              </div>
            )}
            <SubmitRow
              area="admin"
              label="Save driver"
              disabled={isSubmitting}
              failure={failure}
              failureTestId="driver-save-error"
            />
          </Form>
        );
      }}
    </Formik>
  );
}
