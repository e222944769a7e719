/**
 * The one form-field kit: a labelled field, its error right under it (role="alert", named by the
 * control's aria-describedby), the stair and hour selects of the wire contract, and the end of a form
 * (why it was not saved, its submit button, the saved-it line). Plain React: ui/formik-fields.tsx ties
 * the same pieces to Formik. `compact` is the staff and driver areas' look (fields.css); without it,
 * the public site's error chip (components.css).
 */
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { HOUR_OPTIONS, HOUR_PLACEHOLDER, STAIR_OPTIONS } from '@vanhop/contracts';
import { Button, type ButtonArea } from './index';
import './fields.css';

type ErrorProps = {
  id: string;
  error?: string | null /** The field it belongs to (data-field: the driver forms' focus-first-invalid finds it). */;
  name?: string;
  compact?: boolean;
};

/** A field's error, when it has one. */
export function FieldError({ id, error, name, compact }: ErrorProps) {
  if (!error) return null;
  return (
    <p id={id} className={compact ? 'vh-field-error' : 'field-error'} role="alert" data-field={name}>
      {error}
    </p>
  );
}

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Passed to the error (see FieldError). */
  name?: string;
  compact?: boolean;
  /** The frame's class: `ui-field` unless told (`form-field` on the booking form). */
  className?: string;
  /** The control; it names `${id}-hint` and `${id}-error` in its aria-describedby (see describedBy). */
  children: ReactNode;
  /** Under the error (a server's answer under a code). */
  after?: ReactNode;
};

/** Label, optional hint, the control, then the field's error right under it. */
export function Field({ id, label, hint, error, name, compact, className, children, after }: FieldProps) {
  return (
    <div className={className ?? (compact ? 'vh-field' : 'ui-field')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className={compact ? 'vh-hint' : 'ui-hint'}>
          {hint}
        </span>
      )}
      {children}
      <FieldError id={`${id}-error`} error={error} name={name} compact={compact} />
      {after}
    </div>
  );
}

/** The aria-describedby of a control inside Field: its hint and its error, when shown. */
export const describedBy = (id: string, { hint, error }: { hint?: unknown; error?: unknown }) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** What a control inside Field carries: its id, and its error (aria-invalid) and hint named for a screen reader. */
export const controlProps = (id: string, shown: { hint?: unknown; error?: unknown } = {}) => ({
  id,
  'aria-invalid': shown.error ? (true as const) : undefined,
  'aria-describedby': describedBy(id, shown),
});

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { invalid?: boolean; errorId?: string };

const invalidProps = (invalid?: boolean, errorId?: string) =>
  invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

export function StairSelect({ invalid, errorId, ...rest }: SelectProps) {
  return (
    <select {...rest} {...invalidProps(invalid, errorId)}>
      <option value="" disabled>
        Select stairs
      </option>
      {STAIR_OPTIONS.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** 01hr:00Min to 20hr:30Min; the first option is the disabled 'Select an hour'. */
export function HourSelect({ invalid, errorId, ...rest }: SelectProps) {
  return (
    <select {...rest} {...invalidProps(invalid, errorId)}>
      <option value="" disabled>
        {HOUR_PLACEHOLDER}
      </option>
      {HOUR_OPTIONS.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface SubmitRowProps {
  /** The staff area (admin-actions, admin-button) or the driver portal. */
  area: Extract<ButtonArea, 'admin' | 'portal'>;
  /** The button's words. */
  label: string;
  disabled?: boolean;
  /** Why the last submit failed, shown above the button (role="alert"). */
  failure?: string | null;
  failureTestId?: string;
  /** Between the failure and the button (a status line). */
  children?: ReactNode;
}

type FormErrorProps = {
  /** Why the form (or the action) was not done; nothing is shown without one. */
  error?: string | null;
  /** The staff and driver areas' look (fields.css); without it, the public site's error chip. */
  compact?: boolean;
  id?: string;
  testId?: string;
};

/** Why a form or an action was not done, announced (role="alert"): under its button, not beside a field. */
export function FormError({ error, compact, id, testId }: FormErrorProps) {
  if (!error) return null;
  return (
    <p id={id} className={compact ? 'vh-form-error' : 'field-error'} role="alert" data-testid={testId}>
      {error}
    </p>
  );
}

/** The end of a form: why it was not saved, then its submit button. */
export function SubmitRow({ area, label, disabled, failure, failureTestId, children }: SubmitRowProps) {
  return (
    <>
      <FormError error={failure} compact testId={failureTestId} />
      {children}
      <div className={`${area}-actions`}>
        <Button type="submit" area={area} disabled={disabled}>
          {label}
        </Button>
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
