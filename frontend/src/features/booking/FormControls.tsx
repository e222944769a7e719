/** Small form pieces shared by the booking form: stair and hour selects, field errors. */
import { HOUR_OPTIONS, HOUR_PLACEHOLDER, STAIR_OPTIONS } from '@vanhop/contracts';
import type { SelectHTMLAttributes } from 'react';

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

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
