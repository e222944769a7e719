/**
 * Labelled Formik inputs for the staff and driver forms: the error sits right under its
 * input (role="alert", tied with aria-describedby) once the field was touched or a submit was tried,
 * so a server's field error put into Formik's errors shows up beside the field it names.
 */
import { Field, getIn, setIn, useFormikContext, type FormikErrors } from 'formik';
import type { ReactNode } from 'react';
import type { CardBounds } from '@vanhop/contracts';
import { CARD_GROUPS, START_HOURS_HINT, START_HOURS_LABEL, START_HOURS_PATH, rangeText, type CardGroup } from './card-form';
import './fields.css';

/** Flat `{'card.vanPerHourPence.Small': text}` as Formik's nested errors. */
export function formikErrors<T>(flat: Record<string, string>): FormikErrors<T> {
  let errors = {} as FormikErrors<T>;
  for (const [path, text] of Object.entries(flat)) errors = setIn(errors, path, text) as FormikErrors<T>;
  return errors;
}

export const inputId = (form: string, name: string) => `${form}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The error of one field when it should be shown, or null. */
export function useFieldError(name: string): string | null {
  const { errors, touched, submitCount } = useFormikContext<unknown>();
  const error: unknown = getIn(errors, name);
  if (typeof error !== 'string' || !error) return null;
  return getIn(touched, name) || submitCount > 0 ? error : null;
}

export function FieldError({ id, name, error }: { id: string; name: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="vh-field-error" role="alert" data-field={name}>
      {error}
    </p>
  );
}

interface InputFieldProps {
  form: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password' | 'url';
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  /** Shown under the label (a range, an example). */
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
  /** Shown under the field's own error (the staff sign-up puts the server's answer under the code). */
  children?: ReactNode;
}

export function InputField({ form, name, label, type = 'text', inputMode, autoComplete, hint, className, disabled, children }: InputFieldProps) {
  const id = inputId(form, name);
  const error = useFieldError(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`vh-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="vh-hint">
          {hint}
        </span>
      )}
      <Field
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <FieldError id={`${id}-error`} name={name} error={error} />
      {children}
    </div>
  );
}

interface CardInputsProps {
  form: string;
  /** Where the card sits in the form's values: `card` (staff) or `` (portal: the values are the card). */
  prefix: string;
  /** The driver's allowed ranges, shown beside each number. */
  bounds?: CardBounds;
  disabled?: boolean;
  /** The groups to show (default: every field; the driver portal leaves out vans and help the driver does not offer). */
  groups?: CardGroup[];
}

const LAST_GROUP_TITLE = CARD_GROUPS[CARD_GROUPS.length - 1]!.title;

/** Every field of a price card (or of the groups given), grouped; money in pounds. */
export function PriceCardInputs({ form, prefix, bounds, disabled, groups = CARD_GROUPS }: CardInputsProps) {
  const at = (path: string) => (prefix ? `${prefix}.${path}` : path);
  return (
    <div className="vh-card-groups">
      {groups.map((group) => (
        <fieldset key={group.title} className="vh-card-group">
          <legend>{group.title}</legend>
          {group.fields.map((f) => {
            const range = bounds ? rangeText(f, bounds) : null;
            return (
              <InputField
                key={f.path}
                form={form}
                name={at(f.path)}
                label={f.label}
                inputMode={f.unit === 'pounds' || f.unit === 'hours' || f.unit === 'miles' ? 'decimal' : 'numeric'}
                hint={range ? `Allowed ${range}` : undefined}
                disabled={disabled}
              />
            );
          })}
          {group.title === LAST_GROUP_TITLE && (
            <InputField form={form} name={at(START_HOURS_PATH)} label={START_HOURS_LABEL} hint={START_HOURS_HINT} disabled={disabled} />
          )}
        </fieldset>
      ))}
    </div>
  );
}

/** The minimum and maximum of every card number (staff only): the range a driver may price within. */
export function BoundsInputs({ form, prefix }: { form: string; prefix: string }) {
  return (
    <div className="vh-card-groups">
      {CARD_GROUPS.map((group) => (
        <fieldset key={group.title} className="vh-card-group vh-bounds-group">
          <legend>{group.title}</legend>
          {group.fields.map((f) => (
            <div key={f.path} className="vh-bounds-row">
              <InputField form={form} name={`${prefix}.min.${f.path}`} label={`Minimum: ${f.label}`} inputMode="decimal" />
              <InputField form={form} name={`${prefix}.max.${f.path}`} label={`Maximum: ${f.label}`} inputMode="decimal" />
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

interface SubmitRowProps {
  /** Class prefix of the area: `admin` (admin-actions, admin-button) or `portal`. */
  area: 'admin' | 'portal';
  /** The button's words. */
  label: string;
  disabled?: boolean;
  /** Why the last submit failed, shown above the button (role="alert"). */
  failure?: string | null;
  failureTestId?: string;
  /** Between the failure and the button (a status line). */
  children?: ReactNode;
}

/** The end of a form: why it was not saved, then its submit button. */
export function SubmitRow({ area, label, disabled, failure, failureTestId, children }: SubmitRowProps) {
  return (
    <>
      {failure && (
        <p className="vh-form-error" role="alert" data-testid={failureTestId}>
          {failure}
        </p>
      )}
      {children}
      <div className={`${area}-actions`}>
        <button type="submit" className={`${area}-button`} disabled={disabled}>
          {label}
        </button>
      </div>
    </>
  );
}

/** A saved-it line (role="status"), when there is one. */
export function StatusLine({ status }: { status: string | null }) {
  return status ? (
    <p role="status" className="vh-form-ok">
      {status}
    </p>
  ) : null;
}
