import { londonClock, londonTime, type StaffBookingPageQuery, type StaffCursorPage } from '@vanhop/contracts';
import { ValidationError, type Clock } from '@vanhop/platform';
import type { BookingPageQuery, BookingRepository } from '../domain/ports.js';
import type { StoredBooking } from '../domain/booking-record.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';

const AFTER_INVALID = 'after must be the next value of an earlier page';

/** The row a page ended on, as the next page's `after`: its move date and id, base64url. */
export const encodeCursor = (row: { date: string; id: string }): string =>
  Buffer.from(JSON.stringify([row.date, row.id])).toString('base64url');

export function decodeCursor(after: string | undefined): { date: string; id: string } | null {
  if (after === undefined) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      v[0].length <= 40 &&
      v[1].length <= 64
    )
      return { date: v[0], id: v[1] };
  } catch {
    /* answered below */
  }
  throw new ValidationError(AFTER_INVALID, { after: AFTER_INVALID });
}

/** The London day `now` falls on, as the instants it starts and ends. */
export function londonDayBounds(now: Date): { start: string; end: string } {
  const c = londonClock(now);
  const start = londonTime(c.year, c.month, c.day, 0);
  const next = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  const end = londonTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * One page of the dashboard's Quotation or Your Jobs list, with the rules the lists always had:
 * future is from now on, today the London day, past before now; a move its driver marked done is
 * past (and still today's) even before its booked time. `needs-driver`: the bookings whose driver
 * gave the job back (any kind), soonest first.
 */
export class PageBookings {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(q: StaffBookingPageQuery): Promise<StaffCursorPage<AdminBookingView>> {
    const now = this.clock.now().toISOString();
    const day = londonDayBounds(this.clock.now());
    const base = { kind: q.kind as 'quotation' | 'job', after: decodeCursor(q.after), limit: q.pageSize + 1 };
    if (q.view === 'needs-driver') return this.page(await this.bookings.pageNeedingDriver(base.after, base.limit), q);
    const query: BookingPageQuery =
      q.view === 'today'
        ? { ...base, from: day.start, to: day.end, order: 1, done: null }
        : q.view === 'future'
          ? { ...base, from: now, to: null, order: 1, done: { rule: 'exclude' } }
          : // Past: latest first; done moves of the rest of today belong here too.
            { ...base, from: null, to: day.end, order: -1, done: { rule: 'pastOrDone', before: now } };
    return this.page(await this.bookings.pageLive(query), q);
  }

  /** The page of `rows` (read one beyond it, to know whether another follows). */
  private page(rows: StoredBooking[], q: StaffBookingPageQuery): StaffCursorPage<AdminBookingView> {
    const items = rows.slice(0, q.pageSize);
    const last = items.at(-1);
    return {
      items: items.map(toAdminView),
      pageSize: q.pageSize,
      next: rows.length > q.pageSize && last ? encodeCursor({ date: last.quote.date ?? '', id: last._id }) : null,
    };
  }
}
