/**
 * The "Amend booking" form's rules, kept pure: which records staff may amend (contracts amendTerms,
 * the rule the server applies), the form's starting values, the request body holding only what
 * changed, and the outcome in words.
 */
import {
  amendTerms,
  formatPence,
  type AmendBookingRequest,
  type AmendTerms,
  type BookingAmendment,
  type BookingRecord,
} from '@vanhop/contracts';
import { lifecycleOf } from './records';

export interface StopDraft {
  id: string;
  location: string;
  physicalAddress: string;
  stair: number | '';
}

export interface AmendDraft {
  /** ISO instant, or '' when cleared. */
  date: string;
  /** The hour select's value: the number of hours as text. */
  hour: string;
  stops: StopDraft[];
}

export const amendTermsOf = (r: BookingRecord, now: Date): AmendTerms =>
  amendTerms({ state: lifecycleOf(r).state, paymentStatus: r.paymentStatus, moveDate: r.quote?.date || r.date }, now);

export function draftOf(r: BookingRecord): AmendDraft {
  return {
    date: r.quote?.date ?? '',
    hour: typeof r.quote?.totalHour === 'number' ? String(r.quote.totalHour) : '',
    stops: (r.quote?.totalAddress ?? []).map((a) => ({
      id: a.id,
      location: a.location,
      physicalAddress: a.physicalAddress ?? '',
      stair: typeof a.stair === 'number' ? a.stair : '',
    })),
  };
}

const stopKey = (s: StopDraft) => JSON.stringify([s.location, s.physicalAddress.trim(), s.stair === '' ? 0 : s.stair]);

/** The body of POST /api/backdata/amend/:id with only the parts that differ from the record; null when none does. */
export function amendmentBody(r: BookingRecord, d: AmendDraft): AmendBookingRequest | null {
  const was = draftOf(r);
  const body: AmendBookingRequest = {};
  if (d.date && Date.parse(d.date) !== Date.parse(was.date)) body.date = d.date;
  if (d.hour && Number(d.hour) !== Number(was.hour)) body.hour = Number(d.hour);
  if (d.stops.length !== was.stops.length || d.stops.some((s, i) => stopKey(s) !== stopKey(was.stops[i]!))) {
    body.addresses = d.stops.map((s) => ({
      id: s.id,
      location: s.location,
      physicalAddress: s.physicalAddress.trim(),
      ...(s.stair === '' ? {} : { stair: s.stair }),
    }));
  }
  return Object.keys(body).length > 0 ? body : null;
}

/** What the amendment did to the money, as the panel says it after saving. */
export function outcomeWords(a: BookingAmendment): string[] {
  const total =
    a.totalPence === a.previousTotalPence
      ? `The total is unchanged: ${formatPence(a.totalPence)}.`
      : `New total: ${formatPence(a.totalPence)} (was ${formatPence(a.previousTotalPence)}).`;
  const money =
    a.refundPence > 0
      ? `Refund to the customer's card: ${formatPence(a.refundPence)}.`
      : a.balancePence > 0
        ? `Balance to pay: ${formatPence(a.balancePence)} (online on My move or to the driver on the day).`
        : 'Nothing is left to pay.';
  // Agreed with the customer, but not yet with the driver: the office should know before the customer asks.
  const driver = a.driverToConfirm
    ? ["The new time is outside the driver's working hours: they are asked to confirm it, and the customer is told."]
    : [];
  return [total, money, ...driver];
}
