/**
 * VanHop's small design system: thin React wrappers over the classes of components.css, coloured and
 * sized only by the tokens of tokens.css (both themes). Kept tiny: the home route loads them.
 */
import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost'; size?: 'sm' | 'md' | 'lg'; block?: boolean };

/** A button whose text sits centred at every size. Defaults to type="button". */
export function Button({ variant = 'primary', size = 'md', block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={cx('btn', variant !== 'primary' && `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', className)} {...rest} />;
}

type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'li' | 'section' | 'article'; selected?: boolean; interactive?: boolean };

export function Card({ as: Tag = 'div', selected, interactive, className, ...rest }: CardProps) {
  return <Tag className={cx('ui-card', interactive && 'ui-card--interactive', selected && 'ui-card--selected', className)} {...rest} />;
}

export type Tone = 'neutral' | 'accent' | 'success' | 'info' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return <span className={cx('ui-badge', tone !== 'neutral' && `ui-badge--${tone}`, className)} {...rest} />;
}

/** A boxed message. Give it role="alert" or role="status" where it must be announced. */
export function Alert({ tone = 'info', className, ...rest }: HTMLAttributes<HTMLDivElement> & { tone?: Exclude<Tone, 'neutral' | 'accent'> }) {
  return <div className={cx('ui-alert', `ui-alert--${tone}`, className)} {...rest} />;
}

/** Label, control, optional hint and the field's error right under it (the error chip of components.css). */
export function Field({ id, label, hint, error, children, className }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('ui-field', className)}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="ui-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Up to two initials of a name ("Sam Okafor" → "SO"). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** A person's photo, or their initials on the brand colour. Decorative: the name is always written beside it. */
export function Avatar({ name, photo, className }: { name: string; photo?: string | null; className?: string }) {
  return (
    <span className={cx('ui-avatar', className)} aria-hidden="true">
      {photo ? <img src={photo} alt="" loading="lazy" /> : initialsOf(name)}
    </span>
  );
}

/** Numbered progress through named steps; `current` is the index of the step being filled in. */
export function Steps({ names, current, done = [], label = 'Progress' }: { names: string[]; current: number; done?: boolean[]; label?: string }) {
  return (
    <ol className="ui-steps" aria-label={label}>
      {names.map((n, i) => (
        <li key={n} className={cx(done[i] ? 'done' : i === current && 'current')} aria-current={i === current ? 'step' : undefined}>
          <span className="step-name">
            {n}
            {done[i] && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
