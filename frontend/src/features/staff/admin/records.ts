/**
 * Pure rules of the staff dashboard (docs/SCREENS.md, back office): which records are quotations and
 * which are jobs, the Future / Today / Previous split, ordering and the figures of the detail panel.
 */
import {
  formatPounds as formatGbp,
  HOUR_OPTIONS,
  STAIR_OPTIONS,
  type BookingLifecycle,
  type BookingRecord,
  type BookingState,
  type PaymentStatus,
  formatPence,
} from '@vanhop/contracts';

export type When = 'future' | 'today' | 'past';

const JOB_STATUSES: readonly PaymentStatus[] = ['paid', '30percentage', '50percentage'];

export const isQuotation = (r: BookingRecord): boolean => r.paymentStatus === 'unpaid';
export const isJob = (r: BookingRecord): boolean => JOB_STATUSES.includes(r.paymentStatus);

/**
 * The date a record is filed under: the move date, since staff plan by when the van is needed.
 * A quote saved without a moving date falls back to when it was saved.
 */
export function recordDate(r: BookingRecord): Date | null {
  for (const candidate of [r.quote?.date, r.date]) {
    if (!candidate) continue;
    const d = new Date(candidate);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return null;
}

const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Same calendar day on the London clock (the office's day, whatever the browser's zone). */
export const sameLondonDay = (a: Date, b: Date): boolean => londonDay.format(a) === londonDay.format(b);

/** Future: now or later; past: earlier than now; today: the same London calendar day (overlaps both). */
export function isWhen(when: When, date: Date, now: Date): boolean {
  if (when === 'today') return sameLondonDay(date, now);
  if (when === 'future') return date.getTime() >= now.getTime();
  return date.getTime() < now.getTime();
}

/** A move its driver marked done (the staff list's `jobDoneAt`) is past, even before its booked time on the day. */
const isDone = (r: BookingRecord): boolean => typeof (r as { jobDoneAt?: unknown }).jobDoneAt === 'string';
const inList = (when: When, r: BookingRecord, date: Date, now: Date): boolean =>
  isDone(r) && when !== 'today' ? when === 'past' : isWhen(when, date, now);

/** The records of one list, oldest first; records without a readable date are left out. */
export function selectRecords(
  records: readonly BookingRecord[],
  kind: 'quotation' | 'job',
  when: When,
  now: Date,
): BookingRecord[] {
  const ofKind = kind === 'quotation' ? isQuotation : isJob;
  return records
    .map((record) => ({ record, date: recordDate(record) }))
    .filter(
      (x): x is { record: BookingRecord; date: Date } =>
        x.date !== null && ofKind(x.record) && inList(when, x.record, x.date, now),
    )
    .sort((a, b) => a.date.getTime() - b.date.getTime())
    .map((x) => x.record);
}

export { formatLondonDate } from '../../../lib/london-date';

export const formatPounds = (pounds: number): string => formatGbp(pounds);

/** Price per half hour (docs/SCREENS.md) = totalPrice / (totalSecond / 1800); null when no time was priced. */
export function pricePerHalfHour(totalPrice: number, totalSecond: number): number | null {
  if (!(totalSecond > 0) || !Number.isFinite(totalPrice)) return null;
  return totalPrice / (totalSecond / 1800);
}

export const stairLabel = (flights: number | '' | null | undefined): string =>
  typeof flights === 'number'
    ? (STAIR_OPTIONS.find((o) => o.value === flights)?.label ?? `${flights} flights of stairs`)
    : 'Not given';

export const bookedHoursLabel = (hours: number): string =>
  HOUR_OPTIONS.find((o) => o.value === hours)?.label ?? `${hours} hours`;

/** Driving time in seconds as "1 h 05 min". */
export function durationLabel(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'Not given';
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Start, via stops and end of a record's route; tolerant of older records with few addresses. */
export function routeOf(r: BookingRecord) {
  const addresses = r.quote?.totalAddress ?? [];
  const first = addresses[0];
  const last = addresses.length > 1 ? addresses[addresses.length - 1] : undefined;
  const via = addresses.slice(1, -1);
  const place = (a: (typeof addresses)[number] | undefined, fallback: string | undefined) =>
    a ? [a.physicalAddress, a.location].filter(Boolean).join(', ') : (fallback ?? 'Not given');
  return {
    start: first?.location ?? r.quote?.places?.[0] ?? 'Not given',
    end: last?.location ?? r.quote?.places?.at(-1) ?? 'Not given',
    pickup: place(first, r.quote?.places?.[0]),
    dropoff: place(last, r.quote?.places?.at(-1)),
    via: via.map((a, i) => ({
      id: a.id,
      address: place(a, undefined),
      flights: r.quote?.viaStopStair?.[i] ?? a.stair,
    })),
  };
}

/** The lifecycle fields the admin list carries beside the wire record; records saved before them have none. */
export type RecordWithLifecycle = BookingRecord &
  Partial<Pick<BookingLifecycle, 'state' | 'amountRefundedPence' | 'cancelledAt' | 'frozenAt'>>;

export interface RecordLifecycle {
  state: BookingState;
  refundedPence: number;
  cancelledAt: string | null;
  frozenAt: string | null;
}

const STATE_WORDS: Record<BookingState, string> = { active: 'Active', frozen: 'Postponed', cancelled: 'Cancelled' };

/** Absent or unknown values read as an active booking with nothing refunded. */
export function lifecycleOf(r: BookingRecord): RecordLifecycle {
  const l = r as RecordWithLifecycle;
  const state: BookingState = l.state === 'frozen' || l.state === 'cancelled' ? l.state : 'active';
  const refunded =
    typeof l.amountRefundedPence === 'number' && Number.isFinite(l.amountRefundedPence)
      ? Math.max(0, l.amountRefundedPence)
      : 0;
  return { state, refundedPence: refunded, cancelledAt: l.cancelledAt ?? null, frozenAt: l.frozenAt ?? null };
}

export const stateLabel = (state: BookingState): string => STATE_WORDS[state];

/** The marks a card and the detail panel carry for a booking that is not simply active. */
export function lifecycleBadges(r: BookingRecord): { label: string; tone: 'cancelled' | 'frozen' | 'refunded' }[] {
  const l = lifecycleOf(r);
  const badges: { label: string; tone: 'cancelled' | 'frozen' | 'refunded' }[] = [];
  if (l.state === 'cancelled') badges.push({ label: 'Cancelled', tone: 'cancelled' });
  if (l.state === 'frozen') badges.push({ label: 'Postponed', tone: 'frozen' });
  if (l.refundedPence > 0) badges.push({ label: `Refunded ${formatPence(l.refundedPence)}`, tone: 'refunded' });
  return badges;
}
