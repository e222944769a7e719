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
 * in a phone number whatever spaces either side typed ("07700 900123" finds "07700900123"), and a
 * postcode or district as a whole word with or without the space ("sw197nb" finds "SW19 7NB").
 */
export function searchTerms(q: string): BookingSearchTerms {
  const code = /^\d{1,8}$/.test(q) ? Number(q) : null;
  const digits = q.replace(/[\s()-]/g, '');
  const phone = /^\+?\d{3,}$/.test(digits) ? new RegExp([...digits].map(escapeRegex).join('\\s*')) : null;
  const compact = q.replace(/\s+/g, '').toUpperCase();
  const pc = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})?$/.exec(compact);
  const postcode = pc ? new RegExp(`\\b${pc[1]}${pc[2] ? `\\s*${pc[2]}` : ''}\\b`, 'i') : null;
  return { code, text: new RegExp(escapeRegex(q), 'i'), phone, postcode };
}

/**
 * Staff search of live booking records: by code, customer name, phone or e-mail, the driver's name,
 * or a postcode or district of any address; bounded, newest move first.
 */
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
