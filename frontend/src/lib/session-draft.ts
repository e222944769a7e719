/**
 * A form's unsaved values kept in sessionStorage (this tab only, gone when it closes) under a key of
 * the form and the thing it edits, so that a save that found the session expired does not lose what
 * was typed: after signing in again the form reopens with it. Anything malformed reads as nothing.
 * Shared by the staff amendment and the driver portal's Prices and Availability forms.
 */

export interface SessionDraft<T> {
  keep: (id: string, draft: T) => void;
  /** The draft kept for `id`, if any. */
  read: (id: string) => T | null;
  forget: (id: string) => void;
}

export function sessionDraft<T>(prefix: string, isDraft: (v: unknown) => v is T): SessionDraft<T> {
  const keyOf = (id: string) => `${prefix}.${id}`;
  return {
    keep(id, draft) {
      try {
        window.sessionStorage.setItem(keyOf(id), JSON.stringify(draft));
      } catch {
        // storage disabled or full: the form is typed again
      }
    },
    read(id) {
      try {
        const raw = window.sessionStorage.getItem(keyOf(id));
        const parsed: unknown = raw === null ? null : JSON.parse(raw);
        return isDraft(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    forget(id) {
      try {
        window.sessionStorage.removeItem(keyOf(id));
      } catch {
        // nothing kept
      }
    },
  };
}
