/**
 * An amendment whose save found the staff session expired is kept in sessionStorage under the
 * record's id (../../../lib/session-draft), so that after signing in again the panel opens on the
 * same record with what staff had typed. Used once: forgotten when the form reopens with it.
 */
import { sessionDraft } from '../../../lib/session-draft';
import type { AmendDraft } from './amendment';

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

const drafts = sessionDraft<AmendDraft>('vanhop.admin.amendDraft', isDraft);

export const keepAmendDraft = drafts.keep;
/** The draft kept for this record, if any; anything malformed counts as none. */
export const readAmendDraft = drafts.read;
/** Once the form has reopened with it: a later visit to the record starts afresh. */
export const forgetAmendDraft = drafts.forget;
