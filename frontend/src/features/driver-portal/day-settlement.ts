/**
 * What the Done form asks about the day: how the customer paid what was left (cash, card, or
 * nothing yet) and when the move actually started and finished. Turns the form's words into the
 * request's `collected` and `times`, with the same messages the server answers.
 */
import {
  DAY_EXTRAS_MAX_PENCE,
  DAY_EXTRAS_MSG,
  DAY_SETTLEMENT_MAX_PENCE,
  DAY_SETTLEMENT_MSG,
  formatPence,
  londonClock,
  londonTime,
  type DayExtras,
  type DaySettlement,
  type DaySettlementMethod,
  type MoveTimes,
  poundsToPence,
  penceToPounds,
} from '@vanhop/contracts';

export interface DayForm {
  method: DaySettlementMethod | '';
  /** Pounds as typed, e.g. "103" or "103.00". */
  amount: string;
  /** "HH:MM" on the move's day (London), or empty. */
  started: string;
  finished: string;
  /** Overtime and extras the customer agreed: pounds as typed (empty: none), what for, and their consent. */
  extrasAmount: string;
  extrasReason: string;
  extrasAgreed: boolean;
}

export type DayField = 'method' | 'amount' | 'finished' | 'extrasAmount' | 'extrasReason' | 'extrasAgreed';

export const dayFormFor = (owedPence: number | undefined): DayForm => ({
  method: owedPence === 0 ? 'none' : '',
  amount: penceToPounds(owedPence ?? 0).toFixed(2),
  started: '',
  finished: '',
  extrasAmount: '',
  extrasReason: '',
  extrasAgreed: false,
});

const poundsToPenceTyped = (typed: string): number | null => {
  const pounds = Number(typed.replace(/[£,\s]/g, ''));
  return typed.trim() && Number.isFinite(pounds) ? poundsToPence(pounds) : null;
};

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" on the London day of `moveDate` as an ISO instant (null when empty or not a time). */
export function londonInstantOn(moveDate: string, hhmm: string): string | null {
  const m = HH_MM.exec(hhmm);
  const day = new Date(moveDate);
  if (!m || Number.isNaN(day.getTime())) return null;
  const c = londonClock(day);
  return londonTime(c.year, c.month, c.day, Number(m[1]), Number(m[2])).toISOString();
}

/** The request's parts, or the problems by field. */
export function readDayForm(
  form: DayForm,
  owedPence: number | undefined,
  moveDate: string,
):
  | { collected?: DaySettlement; times?: MoveTimes; extras?: DayExtras & { customerAgreed: true } }
  | { problems: Partial<Record<DayField, string>> } {
  const problems: Partial<Record<DayField, string>> = {};
  let collected: DaySettlement | undefined;
  let extras: (DayExtras & { customerAgreed: true }) | undefined;
  if (form.extrasAmount.trim()) {
    const pence = poundsToPenceTyped(form.extrasAmount);
    if (pence === null || pence < 0 || pence > DAY_EXTRAS_MAX_PENCE)
      problems.extrasAmount = DAY_EXTRAS_MSG.amountPounds;
    else if (pence > 0) {
      if (!form.extrasReason.trim()) problems.extrasReason = DAY_EXTRAS_MSG.reasonRequired;
      if (!form.extrasAgreed) problems.extrasAgreed = DAY_EXTRAS_MSG.consentRequired;
      extras = { amountPence: pence, reason: form.extrasReason.trim(), customerAgreed: true };
    }
  }
  // Extras agreed on the day are owed on top of what was left to collect.
  const owedTotal = owedPence === undefined ? undefined : owedPence + (extras?.amountPence ?? 0);
  if (!form.method) {
    if (owedTotal === undefined || owedTotal > 0) problems.method = DAY_SETTLEMENT_MSG.methodRequired;
  } else if (form.method === 'none') collected = { method: 'none', amountPence: 0 };
  else {
    const pence = poundsToPenceTyped(form.amount);
    if (pence === null || pence < 0 || pence > DAY_SETTLEMENT_MAX_PENCE)
      problems.amount = DAY_SETTLEMENT_MSG.amountPounds;
    else if (owedTotal !== undefined && pence > owedTotal)
      problems.amount = DAY_SETTLEMENT_MSG.moreThanOwed(formatPence(owedTotal));
    else collected = { method: form.method, amountPence: pence };
  }
  const startedAt = londonInstantOn(moveDate, form.started) ?? undefined;
  const finishedAt = londonInstantOn(moveDate, form.finished) ?? undefined;
  if (startedAt && finishedAt && Date.parse(finishedAt) <= Date.parse(startedAt))
    problems.finished = DAY_SETTLEMENT_MSG.finishBeforeStart;
  if (Object.keys(problems).length > 0) return { problems };
  const times =
    startedAt || finishedAt
      ? { ...(startedAt ? { startedAt } : {}), ...(finishedAt ? { finishedAt } : {}) }
      : undefined;
  return { ...(collected ? { collected } : {}), ...(extras ? { extras } : {}), ...(times ? { times } : {}) };
}
