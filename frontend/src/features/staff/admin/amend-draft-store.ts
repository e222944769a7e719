/**
 * An amendment whose save found the staff session expired is kept in sessionStorage (this tab
 * only, gone when it closes) under the record's id, so that after signing in again the panel opens
 * on the same record with what staff had typed. Used once: forgotten when the form reopens with it.
 */
import type { AmendDraft } from './amendment';

const keyOf = (recordId: string) => `vanhop.admin.amendDraft.${recordId}`;

export function keepAmendDraft(recordId: string, draft: AmendDraft): void {
  try {
    window.sessionStorage.setItem(keyOf(recordId), JSON.stringify(draft));
  } catch {
    // storage disabled or full: staff type it again
  }
}

const isDraft = (v: unknown): v is AmendDraft => {
  const d = v as AmendDraft | null;
  return (
    !!d &&
    typeof d.date === 'string' &&
    typeof d.hour === 'string' &&
    Array.isArray(d.stops) &&
    d.stops.every(
      (s) =>
        s &&
        typeof s.id === 'string' &&
        typeof s.location === 'string' &&
        typeof s.physicalAddress === 'string' &&
        (s.stair === '' || typeof s.stair === 'number'),
    )
  );
};

/** The draft kept for this record, if any; anything malformed counts as none. */
export function readAmendDraft(recordId: string): AmendDraft | null {
  try {
    const raw = window.sessionStorage.getItem(keyOf(recordId));
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Once the form has reopened with it: a later visit to the record starts afresh. */
export function forgetAmendDraft(recordId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(recordId));
  } catch {
    // nothing kept
  }
}
