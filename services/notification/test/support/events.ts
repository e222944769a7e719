import { TOPICS, type BookingConfirmed, type QuoteSaved } from '@vanhop/contracts';
import { createEvent, fixedClock } from '@vanhop/platform';

export const clock = fixedClock('2026-03-01T10:00:00Z');

export const quoteSaved: QuoteSaved = {
  bookingId: 'b-1001',
  randomNumber: 4815162,
  customer: { name: 'Ada <Lovelace>', email: 'ada@example.com', phone: '07700900123' },
  date: '2026-03-14T09:30:00.000Z',
  totalPricePence: 23550,
  pricePerHalfHourPence: 2943,
  retrievePath: '/retrieve/4815162',
};

export const bookingConfirmed: BookingConfirmed = {
  bookingId: 'b-1001',
  randomNumber: 4815162,
  paymentStatus: '30percentage',
  amountPaidPence: 7065,
  outstandingBalancePence: 16485,
  totalPricePence: 23550,
  customer: { name: 'Ada <Lovelace>', email: 'ada@example.com', phone: '07700900123' },
  driver: { id: 'd-7', name: 'Sam Driver', email: 'sam.driver@example.com', phone: '07700900777' },
  move: {
    date: '2026-07-14T08:00:00.000Z',
    addresses: [
      { location: 'London NW2, UK', physicalAddress: 'Flat 3, 12 Cricklewood Lane', stair: 2 },
      { location: 'Ealing, London W5, UK', physicalAddress: '7 Broadway', stair: 0 },
    ],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    totalHour: 3.5,
    description: 'Sofa, bed and 20 boxes',
  },
};

export const event = {
  quoteSaved: (eventId?: string) => createEvent(TOPICS.quoteSaved, quoteSaved, { producer: 'booking', eventId, clock }),
  bookingConfirmed: (data: BookingConfirmed = bookingConfirmed, eventId?: string) =>
    createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', eventId, clock }),
  reviewRequested: (eventId?: string) =>
    createEvent(
      TOPICS.reviewRequested,
      { bookingId: 'b-1001', customer: bookingConfirmed.customer, requestedBy: 'staffer' },
      { producer: 'review', eventId, clock },
    ),
};
