/**
 * VanHop's small design system: thin React wrappers over the classes of components.css, coloured and
 * sized only by the tokens of tokens.css (both themes). Kept tiny: the home route loads them.
 */
import type { ComponentProps, HTMLAttributes } from 'react';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** The staff and driver areas draw their buttons with their own classes (admin.css, driver-portal.css). */
export type ButtonArea = 'admin' | 'portal' | 'earnings';
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link' | 'ghost';

/** The public site's classes for each variant (components.css and styles.css draw them). */
const SITE_CLASS: Record<ButtonVariant, string> = {
  primary: 'primary',
  secondary: 'button secondary',
  danger: 'primary danger',
  link: 'link-button',
  ghost: 'btn btn--ghost',
};

type ButtonProps = ComponentProps<'button'> & {
  /** Without it (and without `area`) the button is drawn only by its `className` (a close cross, a tab). */
  variant?: ButtonVariant;
  area?: ButtonArea;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** While the action runs: disabled and announced as busy, with the same words. */
  busy?: boolean;
};

/** The classes a button of this area and variant wears (exported for links drawn as buttons). */
export function buttonClass({
  area,
  variant,
  size = 'md',
  block,
  className,
}: Pick<ButtonProps, 'area' | 'variant' | 'size' | 'block' | 'className'>): string | undefined {
  const look = area
    ? cx(`${area}-button`, variant && variant !== 'primary' && variant)
    : variant && SITE_CLASS[variant];
  return cx(look, size !== 'md' && `btn--${size}`, block && 'btn--block', className) || undefined;
}

/** Every button of the app. Defaults to type="button": a submit button says type="submit". */
export function Button({
  variant,
  area,
  size,
  block,
  busy,
  className,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ area, variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'li' | 'section' | 'article';
  selected?: boolean;
  interactive?: boolean;
};

export function Card({ as: Tag = 'div', selected, interactive, className, ...rest }: CardProps) {
  return (
    <Tag
      className={cx('ui-card', interactive && 'ui-card--interactive', selected && 'ui-card--selected', className)}
      {...rest}
    />
  );
}

export type Tone = 'neutral' | 'accent' | 'success' | 'info' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return <span className={cx('ui-badge', tone !== 'neutral' && `ui-badge--${tone}`, className)} {...rest} />;
}

/** A boxed message. Give it role="alert" or role="status" where it must be announced. */
export function Alert({
  tone = 'info',
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { tone?: Exclude<Tone, 'neutral' | 'accent'> }) {
  return <div className={cx('ui-alert', `ui-alert--${tone}`, className)} {...rest} />;
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
export function Steps({
  names,
  current,
  done = [],
  label = 'Progress',
}: {
  names: string[];
  current: number;
  done?: boolean[];
  label?: string;
}) {
  return (
    <ol className="ui-steps" aria-label={label}>
      {names.map((n, i) => (
        <li
          key={n}
          className={cx(done[i] ? 'done' : i === current && 'current')}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="step-name">
            {n}
            {done[i] && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
