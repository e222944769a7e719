/**
 * The field kit of ui/fields.tsx tied to Formik, for the staff and driver forms: the error sits right
 * under its input once the field was touched or a submit was tried, so a server's field error put
 * into Formik's errors shows up beside the field it names. Also the price card's inputs, which the
 * staff driver page and the driver portal both fill in.
 */
import { Field as FormikField, getIn, setIn, useFormikContext, type FormikErrors } from 'formik';
import type { ReactNode } from 'react';
import type { CardBounds } from '@vanhop/contracts';
import {
  CARD_GROUPS,
  START_HOURS_HINT,
  START_HOURS_LABEL,
  START_HOURS_PATH,
  rangeText,
  type CardGroup,
} from '../lib/price-card-form';
import { Field, FieldError, describedBy } from './fields';

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

/** A Formik field's error (the kit's FieldError), once it should be shown: for a control laid out by hand. */
export function FormikFieldError({ id, name, compact }: { id: string; name: string; compact?: boolean }) {
  return <FieldError id={id} name={name} error={useFieldError(name)} compact={compact} />;
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

export function InputField({
  form,
  name,
  label,
  type = 'text',
  inputMode,
  autoComplete,
  hint,
  className,
  disabled,
  children,
}: InputFieldProps) {
  const id = inputId(form, name);
  const error = useFieldError(name);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      name={name}
      compact
      className={`vh-field${className ? ` ${className}` : ''}`}
      after={children}
    >
      <FormikField
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        disabled={disabled}
      />
    </Field>
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
            <InputField
              form={form}
              name={at(START_HOURS_PATH)}
              label={START_HOURS_LABEL}
              hint={START_HOURS_HINT}
              disabled={disabled}
            />
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
              <InputField
                form={form}
                name={`${prefix}.min.${f.path}`}
                label={`Minimum: ${f.label}`}
                inputMode="decimal"
              />
              <InputField
                form={form}
                name={`${prefix}.max.${f.path}`}
                label={`Maximum: ${f.label}`}
                inputMode="decimal"
              />
            </div>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
