/**
 * A driver's compliance documents (insurance, driving licence): what staff record, how each stands
 * on a day, and the rule pricing and the fleet apply (a driver with an expired document is offered
 * in no new quote and given no job). Pure, so the staff pages and the service read them alike.
 * The request schemas (yup) are in schemas/driver-documents.ts.
 */
import { londonClock } from './booking-time.js';

export const DRIVER_DOCUMENT_KINDS = ['insurance', 'licence'] as const;
export type DriverDocumentKind = (typeof DRIVER_DOCUMENT_KINDS)[number];

export const DRIVER_DOCUMENT_LABEL: Record<DriverDocumentKind, string> = {
  insurance: 'Insurance',
  licence: 'Driving licence',
};

/** The driver and the office are mailed this many days before a document expires (once per expiry date). */
export const DOCUMENT_REMINDER_DAYS = 14;

/** One document as staff record it: its reference (policy or licence number) and last valid day (London). */
export interface DriverDocument {
  reference: string;
  /** YYYY-MM-DD: the document is valid through this day. */
  expiresOn: string;
}

export type DriverDocuments = Partial<Record<DriverDocumentKind, DriverDocument | null>>;

/** valid; expiring (within the reminder days); expired (its last day is past); missing (none recorded). */
export type DocumentStanding = 'valid' | 'expiring' | 'expired' | 'missing';

/** The London calendar day of an instant, YYYY-MM-DD (documents expire on office days, not UTC ones). */
export function londonDayOf(instant: Date): string {
  const c = londonClock(instant);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export function documentStanding(doc: DriverDocument | null | undefined, today: string): DocumentStanding {
  if (!doc) return 'missing';
  if (doc.expiresOn < today) return 'expired';
  return daysBetween(today, doc.expiresOn) <= DOCUMENT_REMINDER_DAYS ? 'expiring' : 'valid';
}

/**
 * Whether the driver may be offered a move on `day` (YYYY-MM-DD): no recorded document has expired
 * by then. A document never recorded does not bar the driver (drivers added before documents were
 * kept go on working); staff see it as missing on the drivers' list.
 */
export function documentsAllowWork(docs: DriverDocuments | undefined, day: string): boolean {
  return DRIVER_DOCUMENT_KINDS.every((kind) => {
    const doc = docs?.[kind];
    return !doc || doc.expiresOn >= day;
  });
}

const WORST: readonly DocumentStanding[] = ['expired', 'expiring', 'missing', 'valid'];

/** The driver's standing as one word: the worst of their documents'. */
export function overallStanding(docs: DriverDocuments | undefined, today: string): DocumentStanding {
  const each = DRIVER_DOCUMENT_KINDS.map((kind) => documentStanding(docs?.[kind], today));
  return WORST.find((s) => each.includes(s)) ?? 'valid';
}

/** One document as staff see it: what was recorded, how it stands today, when its reminder went. */
export interface DriverDocumentState extends DriverDocument {
  standing: Exclude<DocumentStanding, 'missing'>;
  /** When the reminder for this expiry date was mailed (null: not yet). */
  remindedAt: string | null;
}

/** GET /api/drivers/admin/:id/documents, and each row of GET /api/drivers/admin/documents. */
export interface DriverDocumentsView {
  driverId: string;
  insurance: DriverDocumentState | null;
  licence: DriverDocumentState | null;
  standing: DocumentStanding;
  /** No new quotes or jobs: a recorded document has expired. */
  barred: boolean;
  reminderDays: number;
}

/** The staff list's words for a driver's standing (null: nothing to flag). */
export function standingBadge(
  view: Pick<DriverDocumentsView, 'insurance' | 'licence'>,
): { label: string; tone: 'danger' | 'warning' } | null {
  const expired = DRIVER_DOCUMENT_KINDS.filter((k) => view[k]?.standing === 'expired');
  if (expired.length)
    return { label: `${expired.map((k) => DRIVER_DOCUMENT_LABEL[k]).join(' and ')} expired`, tone: 'danger' };
  const expiring = DRIVER_DOCUMENT_KINDS.filter((k) => view[k]?.standing === 'expiring');
  if (expiring.length)
    return { label: `${expiring.map((k) => DRIVER_DOCUMENT_LABEL[k]).join(' and ')} expiring`, tone: 'warning' };
  return null;
}

// ---- The staff calendar of one driver: a week of hours, days off and jobs ----------------------

export interface DriverCalendarJob {
  bookingId: string;
  randomNumber: number;
  /** ISO start of the move. */
  start: string;
  /** Booked hours. */
  hours: number;
  status: 'offered' | 'accepted' | 'returned-to-staff';
  /** The job and its booking in words (jobStateText). */
  stateText: string;
  from: string;
  to: string;
}

export interface DriverCalendarDay {
  /** YYYY-MM-DD (London). */
  date: string;
  /** Set as a day off by the driver. */
  dayOff: boolean;
  /** The weekly hours of that weekday; null when the driver never set hours (available any time). */
  hours: { from: string; to: string }[] | null;
  jobs: DriverCalendarJob[];
}

/** GET /api/drivers/admin/:id/calendar?week=YYYY-MM-DD: Monday to Sunday of the week holding that day. */
export interface DriverCalendarWeek {
  driverId: string;
  weekStart: string;
  previousWeek: string;
  nextWeek: string;
  days: DriverCalendarDay[];
}

/** The Monday (YYYY-MM-DD) of the week holding `day`. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** `day` moved by `days` (YYYY-MM-DD in and out). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
