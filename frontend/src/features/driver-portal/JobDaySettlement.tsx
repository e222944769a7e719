/**
 * The Done form's questions about the day: how the customer paid what was left to collect (cash,
 * card on the day, or nothing yet: still owed, which they can pay online), the amount, and when the
 * move actually started and finished.
 */
import { useId } from 'react';
import { formatPence } from '@vanhop/contracts';
import type { DayField, DayForm } from './day-settlement';
import { FieldError } from '../../ui/fields';

const METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card on the day' },
  { value: 'none', label: 'Nothing: still owed' },
] as const;

export function JobDaySettlement({
  owedPence,
  form,
  onChange,
  errors,
  disabled,
}: {
  owedPence: number | undefined;
  form: DayForm;
  onChange: (form: DayForm) => void;
  errors: Partial<Record<DayField | string, string>>;
  disabled: boolean;
}) {
  const ids = useId();
  const set = (patch: Partial<DayForm>) => onChange({ ...form, ...patch });
  const errorOf = (field: DayField) => <FieldError id={`${ids}-${field}-error`} error={errors[field]} compact />;
  return (
    <>
      <fieldset className="portal-field" data-testid="day-extras">
        <legend>Overtime or extras agreed with the customer (optional)</legend>
        <label htmlFor={`${ids}-extras-amount`}>Extra charge (£)</label>
        <input
          id={`${ids}-extras-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={form.extrasAmount}
          disabled={disabled}
          aria-invalid={errors.extrasAmount ? true : undefined}
          aria-describedby={errors.extrasAmount ? `${ids}-extrasAmount-error` : undefined}
          onChange={(e) => set({ extrasAmount: e.target.value })}
        />
        {errorOf('extrasAmount')}
        <label htmlFor={`${ids}-extras-reason`}>What for</label>
        <input
          id={`${ids}-extras-reason`}
          type="text"
          autoComplete="off"
          maxLength={200}
          placeholder="e.g. 45 minutes overtime"
          value={form.extrasReason}
          disabled={disabled}
          aria-invalid={errors.extrasReason ? true : undefined}
          aria-describedby={errors.extrasReason ? `${ids}-extrasReason-error` : undefined}
          onChange={(e) => set({ extrasReason: e.target.value })}
        />
        {errorOf('extrasReason')}
        <label className="portal-choice">
          <input
            type="checkbox"
            checked={form.extrasAgreed}
            disabled={disabled}
            aria-invalid={errors.extrasAgreed ? true : undefined}
            aria-describedby={errors.extrasAgreed ? `${ids}-extrasAgreed-error` : undefined}
            onChange={(e) => set({ extrasAgreed: e.target.checked })}
          />{' '}
          The customer agreed to this extra charge before signing
        </label>
        {errorOf('extrasAgreed')}
      </fieldset>
      <fieldset
        className="portal-field"
        aria-describedby={`${ids}-owed${errors.method ? ` ${ids}-method-error` : ''}`}
        data-testid="day-settlement"
      >
        <legend>Paid to you on the day</legend>
        <span className="portal-muted" id={`${ids}-owed`}>
          {owedPence === undefined
            ? 'Say what the customer paid you today, if anything.'
            : owedPence > 0
              ? `Left to collect: ${formatPence(owedPence)}, plus any extra charge above.`
              : 'Nothing was left to collect: paid in full online.'}
        </span>
        {METHODS.map((m) => (
          <label key={m.value} className="portal-choice">
            <input
              type="radio"
              name={`${ids}-method`}
              value={m.value}
              checked={form.method === m.value}
              disabled={disabled}
              onChange={() => set({ method: m.value })}
            />{' '}
            {m.label}
          </label>
        ))}
        {errorOf('method')}
      </fieldset>
      {(form.method === 'cash' || form.method === 'card') && (
        <div className="portal-field">
          <label htmlFor={`${ids}-amount`}>Amount collected (£)</label>
          <input
            id={`${ids}-amount`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            disabled={disabled}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${ids}-amount-error` : undefined}
            onChange={(e) => set({ amount: e.target.value })}
          />
          {errorOf('amount')}
        </div>
      )}
      <div className="portal-field">
        <label htmlFor={`${ids}-started`}>Started at (optional)</label>
        <input
          id={`${ids}-started`}
          type="time"
          value={form.started}
          disabled={disabled}
          onChange={(e) => set({ started: e.target.value })}
        />
        <label htmlFor={`${ids}-finished`}>Finished at (optional)</label>
        <input
          id={`${ids}-finished`}
          type="time"
          value={form.finished}
          disabled={disabled}
          aria-invalid={errors.finished ? true : undefined}
          aria-describedby={errors.finished ? `${ids}-finished-error` : undefined}
          onChange={(e) => set({ finished: e.target.value })}
        />
        {errorOf('finished')}
      </div>
    </>
  );
}
