/** A labelled field of the chat forms, its error read out with it (and kept out of its label). */
import { cloneElement, useId, type ReactElement } from 'react';

export function ChatField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="chat-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
