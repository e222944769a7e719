/**
 * The Prices and Availability forms as the driver typed them, kept when a save found the session
 * expired (../../lib/session-draft) under the driver's id, so that after signing in again the page
 * opens with them, not with what was saved before. Forgotten once the form is saved.
 */
import { WEEKDAYS } from '@vanhop/contracts';
import { isCardForm, type CardForm } from '../../lib/price-card-form';
import { sessionDraft } from '../../lib/session-draft';
import type { Weekly } from './availability-state';

export const DRAFT_RESTORED_TEXT =
  'What you typed before you had to sign in again is back, not saved yet: check it and save.';

export interface AvailabilityDraft {
  weekly: Weekly;
  daysOff: string[];
}

const isText = (v: unknown): v is string => typeof v === 'string';

const isAvailabilityDraft = (v: unknown): v is AvailabilityDraft => {
  const d = v as Partial<AvailabilityDraft> | null;
  return (
    !!d?.weekly &&
    typeof d.weekly === 'object' &&
    WEEKDAYS.every(
      (day) => Array.isArray(d.weekly![day]) && d.weekly![day].every((p) => !!p && isText(p.from) && isText(p.to)),
    ) &&
    Array.isArray(d.daysOff) &&
    d.daysOff.every(isText)
  );
};

export const pricesDrafts = sessionDraft<CardForm>('vanhop.driver.pricesDraft', isCardForm);
export const availabilityDrafts = sessionDraft<AvailabilityDraft>(
  'vanhop.driver.availabilityDraft',
  isAvailabilityDraft,
);
