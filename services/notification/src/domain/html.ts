import { escapeHtml } from '@vanhop/contracts';

/** Markup that is already safe; only `html` and `raw` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[];

const render = (v: Interpolation): string => {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(v);
};

/**
 * Template tag for e-mail HTML: every interpolated value is escaped unless it is itself `html`,
 * so a template cannot forget to escape a customer's name or address.
 */
export const html = (strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));

/** Trusted markup written by us (never customer data). */
export const raw = (markup: string): SafeHtml => new SafeHtml(markup);
