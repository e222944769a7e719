/** What the quote benches post to POST /api/booking. */
import { earliestBookingTime } from '@vanhop/contracts';
import { address, completeBooking, type CompleteBookingRequest } from '../../test/support/booking-fixtures.js';

/** A move through `stops` at 10:00 London time on a day that can be booked, every field filled so the full quote is priced. */
export function benchBooking(
  stops: CompleteBookingRequest['addresses'],
  overrides: Partial<CompleteBookingRequest> = {},
): CompleteBookingRequest {
  const start = earliestBookingTime(new Date(Date.now() + 24 * 3600_000));
  start.setUTCDate(start.getUTCDate() + 2);
  start.setUTCHours(10, 0, 0, 0);
  return completeBooking(start.toISOString(), {
    addresses: stops,
    description: 'Two-bedroom flat',
    name: 'Bench Mark',
    email: 'bench@example.com',
    phone: '07700900999',
    ...overrides,
  });
}

/** NW2 → Wembley → W1, every demo driver considered. */
export const threeStopBooking = () =>
  benchBooking([
    address('p', 'London NW2, UK', '12 Example Road', 1),
    address('v', 'Wembley, UK', '3 Via Street', 0),
    address('d', 'London W1, UK', '7 Drop Lane', 2),
  ]);

/** NW2 → W1, with the customer's own e-mail address. */
export const twoStopBooking = (email: string) =>
  benchBooking(
    [address('p', 'London NW2, UK', '12 Example Road', 1), address('d', 'London W1, UK', '7 Drop Lane', 2)],
    { email },
  );
