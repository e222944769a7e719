import { BOOKING_SEARCH_LIMIT } from '@vanhop/contracts';
import { systemClock, type Clock } from '@vanhop/platform';
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
export function searchTerms(q: string, today?: string): BookingSearchTerms {
  return searchKeyQuery(q, today);
}

/**
 * Staff search of live booking records: by code, customer name, phone or e-mail, the driver's name,
 * or a postcode or district of any address; bounded, newest move first (a place's moves nearest
 * today first: the fewest days around today that fill the page).
 */
export class SearchBookings {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async execute(q: string): Promise<BookingSearchResult> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const found = await this.bookings.searchLive(searchTerms(q, today), BOOKING_SEARCH_LIMIT + 1);
    return {
      results: found.slice(0, BOOKING_SEARCH_LIMIT).map(toAdminView),
      truncated: found.length > BOOKING_SEARCH_LIMIT,
    };
  }
}
