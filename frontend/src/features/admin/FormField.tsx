import { ErrorMessage, Field } from 'formik';
import type { ReactNode } from 'react';

interface FormFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  /** Shown under the field's own error (the register page puts the server's answer under the code). */
  extra?: ReactNode;
}

/** A labelled Formik input with its validation message (docs/SCREENS.md) underneath once touched. */
export function FormField({ name, label, type = 'text', autoComplete, extra }: FormFieldProps) {
  const id = `admin-${name}`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <Field id={id} name={name} type={type} autoComplete={autoComplete} />
      <ErrorMessage name={name}>
        {(text) => (
          <p className="admin-field-error" role="alert" data-field={name}>
            {text}
          </p>
        )}
      </ErrorMessage>
      {extra}
    </div>
  );
}
