import { BOOKING_SEARCH_LIMIT } from '@vanhop/contracts';
import type { BookingRepository, BookingSearchTerms } from '../domain/ports.js';
import { searchKeyQuery } from '../domain/search-keys.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';

export interface BookingSearchResult {
  results: AdminBookingView[];
  /** More records matched than were sent: type more of the name, phone or e-mail. */
  truncated: boolean;
}

/**
 * What the staff search looks for in a query (already trimmed by its schema): the whole query as a
 * retrieve code when it is one, the start of a word of a name, e-mail or address (or of the whole
 * name), its digits at the start of a phone number whatever spaces either side typed ("07700 900123"
 * finds "07700900123"), and a postcode or district whole, with or without the space ("sw197nb"
 * finds "SW19 7NB"; SW1 is not SW19). The keys it reads are kept on each record (domain/search-keys.ts).
 */
export function searchTerms(q: string): BookingSearchTerms {
  return searchKeyQuery(q);
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
