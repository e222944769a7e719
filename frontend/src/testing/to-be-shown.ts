/**
 * `expect(element).toBeShown()`: the element is in the document and nothing hides it (the hidden
 * attribute, display: none or visibility: hidden on it or an ancestor, or a closed <details> around
 * it other than its summary). A `getBy…` query already fails when nothing matches; this says the
 * match is one the user can see.
 */
import { expect } from 'vitest';

/** Why the element is not shown, or null when it is. */
export function whyNotShown(element: Element): string | null {
  if (!element.isConnected) return 'is not in the document';
  let inside: Element | null = null;
  for (let node: Element | null = element; node; inside = node, node = node.parentElement) {
    const name = `<${node.tagName.toLowerCase()}>`;
    if (node.hasAttribute('hidden')) return `is hidden (${name} has the hidden attribute)`;
    const style = getComputedStyle(node);
    if (style.display === 'none') return `is hidden (${name} has display: none)`;
    if (style.visibility === 'hidden') return `is hidden (${name} has visibility: hidden)`;
    if (node.tagName === 'DETAILS' && !node.hasAttribute('open') && inside?.tagName !== 'SUMMARY')
      return 'is inside a closed <details>';
  }
  return null;
}

expect.extend({
  toBeShown(received: unknown) {
    if (!(received instanceof Element))
      return { pass: false, message: () => `expected an element to be shown, got ${String(received)}` };
    const why = whyNotShown(received);
    return {
      pass: why === null,
      message: () =>
        why === null
          ? 'expected the element not to be shown, but it is'
          : `expected the element to be shown, but it ${why}`,
    };
  },
});

declare module 'vitest' {
  interface Matchers<T> {
    /** In the document and not hidden (see frontend/src/testing/to-be-shown.ts). */
    toBeShown: () => T;
  }
}
