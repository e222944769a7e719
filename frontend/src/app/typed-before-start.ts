/**
 * The home page arrives prerendered, so a visitor can type a postcode before the app has started.
 * Starting the app replaces that markup with React's own, which would drop what was typed and the
 * focus with it. This records what is typed (and what the browser autofilled) until the app is up,
 * then types it again into the live fields, through the same input events a keyboard sends, so the
 * components' state sees it exactly as if it had been typed after the start.
 */

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (el: EventTarget | null): el is TextField =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'submit', 'button', 'hidden'].includes(el.type));

/** Only fields with an id can be found again in the new markup. */
const keyOf = (el: TextField): string | null => el.id || null;

/** Sets the value the way typing does: React tracks the last value it wrote, so a plain assignment would be ignored. */
function typeInto(field: TextField, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts recording in `container`; the function returned stops recording and replays into the fields
 * now in `container` (call it once the app has rendered). Calling it again does nothing.
 */
export function keepTypedFields(container: HTMLElement): () => void {
  const typed = new Map<string, string>();
  let focused: { key: string; start: number | null; end: number | null } | null = null;

  const record = (el: TextField) => {
    const key = keyOf(el);
    if (key) typed.set(key, el.value);
  };
  container.querySelectorAll('input, textarea').forEach((el) => {
    if (isTextField(el) && el.value) record(el);
  });

  const onInput = (e: Event) => {
    if (isTextField(e.target)) record(e.target);
  };
  const onFocusIn = (e: Event) => {
    const key = isTextField(e.target) ? keyOf(e.target) : null;
    focused = key ? { key, start: null, end: null } : null;
  };
  const onFocusOut = (e: Event) => {
    const el = e.target;
    if (!isTextField(el)) return;
    const key = keyOf(el);
    if (focused && key === focused.key) {
      focused.start = el.selectionStart;
      focused.end = el.selectionEnd;
    }
    // A field removed by the app's start may report losing focus: only a visitor moving on clears it.
    queueMicrotask(() => {
      if (el.isConnected && focused?.key === key) focused = null;
    });
  };
  container.addEventListener('input', onInput);
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  if (isTextField(document.activeElement) && container.contains(document.activeElement))
    onFocusIn({ target: document.activeElement } as unknown as Event);

  let done = false;
  return () => {
    if (done) return;
    done = true;
    container.removeEventListener('input', onInput);
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
    for (const [key, value] of typed) {
      const field = document.getElementById(key);
      if (isTextField(field) && container.contains(field) && field.value !== value) typeInto(field, value);
    }
    const target = focused ? document.getElementById(focused.key) : null;
    if (focused && isTextField(target) && container.contains(target) && !container.contains(document.activeElement)) {
      target.focus();
      const end = focused.end ?? target.value.length;
      try {
        target.setSelectionRange(focused.start ?? end, end);
      } catch {
        // Fields such as type=email have no caret position to set: focus alone is what matters.
      }
    }
  };
}
