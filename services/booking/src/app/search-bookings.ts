import { BOOKING_SEARCH_LIMIT } from '@vanhop/contracts';
import type { BookingRepository, BookingSearchTerms } from '../domain/ports.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';

export interface BookingSearchResult {
  results: AdminBookingView[];
  /** More records matched than were sent: type more of the name, phone or e-mail. */
  truncated: boolean;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the staff search looks for in a query (already trimmed by its schema): the whole query as a
 * retrieve code when it is one, the text anywhere in a name or e-mail ignoring case, and its digits
 * in a phone number whatever spaces either side typed ("07700 900123" finds "07700900123").
 */
export function searchTerms(q: string): BookingSearchTerms {
  const code = /^\d{1,8}$/.test(q) ? Number(q) : null;
  const digits = q.replace(/[\s()-]/g, '');
  const phone = /^\+?\d{3,}$/.test(digits) ? new RegExp([...digits].map(escapeRegex).join('\\s*')) : null;
  return { code, text: new RegExp(escapeRegex(q), 'i'), phone };
}

/** Staff search of live booking records: by code, customer name, phone or e-mail; bounded, newest move first. */
export class SearchBookings {
  constructor(private readonly bookings: BookingRepository) {}

  async execute(q: string): Promise<BookingSearchResult> {
    const found = await this.bookings.searchLive(searchTerms(q), BOOKING_SEARCH_LIMIT + 1);
    return {
      results: found.slice(0, BOOKING_SEARCH_LIMIT).map(toAdminView),
      truncated: found.length > BOOKING_SEARCH_LIMIT,
    };
  }
}
