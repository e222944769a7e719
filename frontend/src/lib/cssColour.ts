/**
 * The value of a colour token (`--palette-…` in ui/tokens.css) for drawing APIs that cannot take
 * `var(--…)` themselves: a canvas stroke, a Google Maps overlay. `fallback` is used where no
 * stylesheet is loaded (unit tests) so a drawing still has a colour.
 */
export function cssColour(token: `--${string}`, fallback: string, element: Element = document.documentElement): string {
  return getComputedStyle(element).getPropertyValue(token).trim() || fallback;
}
