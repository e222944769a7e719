import { afterEach, beforeEach } from 'vitest';

/**
 * happy-dom has no scrollIntoView: for each test of the calling suite, records which elements a
 * page brought into view (the list is emptied before each test).
 */
export function recordScrollIntoView(): Element[] {
  const scrolled: Element[] = [];
  beforeEach(() => {
    scrolled.length = 0;
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });
  return scrolled;
}
