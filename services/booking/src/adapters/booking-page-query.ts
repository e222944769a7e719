import type { Filter } from '@vanhop/platform';
import type { BookingPageQuery } from '../domain/ports.js';

/** A range of move dates one read covers (ISO strings, which sort as the instants they name). */
export interface MoveDateWindow {
  gte?: string;
  lt?: string;
  lte?: string;
  gt?: string;
}

const DAY_MS = 86_400_000;
/** The first window's span and how much each next one widens it; past the last span the range is open. */
const FIRST_SPAN_DAYS = 0.25; // six hours: a busy operator books a page of moves in less
const WIDEN = 4;
const LAST_SPAN_DAYS = 0.25 * 4 ** 9; // about 180 years: past it the range is open

const shift = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
const later = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/**
 * The windows a page is read through, narrowest first, each starting where the page starts (the
 * range's edge, or the previous page's last row) and ending with the whole rest of the range.
 */
export function* pageWindows(q: BookingPageQuery): Generator<MoveDateWindow> {
  if (q.order === 1) {
    const start = later(q.from, q.after?.date ?? null);
    for (let span = FIRST_SPAN_DAYS; ; span *= WIDEN) {
      const end = start === null || span > LAST_SPAN_DAYS ? q.to : earlier(q.to, shift(start, span));
      yield { ...(start !== null ? { gte: start } : {}), ...(end !== null ? { lt: end } : {}) };
      if (end === q.to) return;
    }
  }
  // Latest first: the page ends at the range's end (excluded) or at the previous page's last row (included, ties by id).
  const endAt = q.after ? { lte: q.after.date } : q.to !== null ? { lt: q.to } : {};
  const end = q.after?.date ?? q.to;
  for (let span = FIRST_SPAN_DAYS; ; span *= WIDEN) {
    const start = end === null || span > LAST_SPAN_DAYS ? q.from : later(q.from, shift(end, -span));
    yield { ...(start !== null ? { gte: start } : {}), ...endAt };
    if (start === q.from) return;
  }
}

const JOB_STATUSES = ['paid', '30percentage', '50percentage'];

/**
 * The filter of one window: live records of the kind, moving in the window, after the previous
 * page's last row (same move time: by id), and the view's rule about moves marked done. Only the
 * move date is a range, so both stores read through its index.
 */
export function pageFilter(q: BookingPageQuery, w: MoveDateWindow): Filter {
  const range: Record<string, string> = {};
  if (w.gte !== undefined) range.$gte = w.gte;
  if (w.gt !== undefined) range.$gt = w.gt;
  if (w.lt !== undefined) range.$lt = w.lt;
  if (w.lte !== undefined) range.$lte = w.lte;
  const and: Filter[] = [];
  if (q.after) {
    const beyond = q.order === 1 ? '$gt' : '$lt';
    and.push({ $or: [{ 'quote.date': { [beyond]: q.after.date } }, { _id: { [beyond]: q.after.id } }] });
  }
  if (q.done?.rule === 'exclude') and.push({ $or: [{ jobDoneAt: null }, { jobDoneAt: { $exists: false } }] });
  if (q.done?.rule === 'pastOrDone')
    and.push({ $or: [{ 'quote.date': { $lt: q.done.before } }, { jobDoneAt: { $gt: '' } }] });
  return {
    // An open range still names the field, so the embedded store reads through its index.
    'quote.date': Object.keys(range).length ? range : { $gte: '' },
    deletedAt: null,
    paymentStatus: q.kind === 'quotation' ? 'unpaid' : { $in: JOB_STATUSES },
    ...(and.length ? { $and: and } : {}),
  };
}
