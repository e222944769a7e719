import {
  TOPICS,
  type JobAccepted,
  type JobOffered,
  type BalancePaid,
  type BookingAmended,
  type BookingCancelled,
  type BookingConfirmed,
  type BookingPostponed,
  type BookingReactivated,
  type QuoteSaved,
  type RefundIssued,
} from '@vanhop/contracts';
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

const MY_MOVE_PATH = '/mymove/v1.YjEwMDE.tzx8g0.c2lnbmF0dXJlLW9mLXRlc3Q';

/** The facts every life-after-booking event carries. */
const facts = {
  bookingId: bookingConfirmed.bookingId,
  randomNumber: bookingConfirmed.randomNumber,
  customer: bookingConfirmed.customer,
  driver: bookingConfirmed.driver,
  move: bookingConfirmed.move,
  myMovePath: MY_MOVE_PATH,
};

export const lifecycle = {
  myMovePath: MY_MOVE_PATH,
  cancelledInCoolingOff: {
    ...facts,
    cancelledAt: '2026-03-01T10:30:00.000Z',
    refundPence: 7065,
    withinCoolingOff: true,
  } satisfies BookingCancelled,
  cancelledLate: {
    ...facts,
    cancelledAt: '2026-03-02T10:30:00.000Z',
    refundPence: 0,
    withinCoolingOff: false,
  } satisfies BookingCancelled,
  postponed: {
    ...facts,
    frozenAt: '2026-03-02T10:00:00.000Z',
    useBy: '2027-03-02T10:00:00.000Z',
  } satisfies BookingPostponed,
  reactivated: {
    ...facts,
    move: { ...facts.move, date: '2026-09-01T09:00:00.000Z' },
    previousDate: facts.move.date,
    totalPricePence: 25550,
    previousTotalPricePence: 23550,
    balancePence: 18485,
    refundPence: 0,
  } satisfies BookingReactivated,
  amended: {
    ...facts,
    move: {
      ...facts.move,
      date: '2026-07-15T17:00:00.000Z',
      totalHour: 5,
      addresses: [
        facts.move.addresses[0]!,
        { location: 'London W3, UK', physicalAddress: '2 Via Road', stair: 1 },
        facts.move.addresses[1]!,
      ],
    },
    previousMove: facts.move,
    changed: ['date', 'hours', 'stops'],
    totalPricePence: 31550,
    previousTotalPricePence: 23550,
    balancePence: 24485,
    refundPence: 0,
    amendedBy: 'sue_support',
  } satisfies BookingAmended,
  balancePaid: {
    ...facts,
    amountPence: 16485,
    totalPricePence: 23550,
    provider: 'stripe',
    providerRef: 'cs_test_balance',
    paidAt: '2026-03-03T12:00:00.000Z',
  } satisfies BalancePaid,
  refundIssued: {
    refundId: 'rf-1',
    bookingId: facts.bookingId,
    randomNumber: facts.randomNumber,
    amountPence: 7065,
    reason: 'cooling-off-cancellation',
    provider: 'stripe',
    providerRefs: ['re_123'],
    customer: facts.customer,
    myMovePath: MY_MOVE_PATH,
    issuedAt: '2026-03-01T10:31:00.000Z',
  } satisfies RefundIssued,
};

/** Quote's job events for the booking above (the driver's name is hostile on purpose). */
export const jobs = {
  offered: {
    bookingId: 'b-1001',
    randomNumber: 4815162,
    driver: { id: 'd-7', name: 'Sam <b>Driver</b>', email: 'sam.driver@example.com' },
    move: bookingConfirmed.move,
    respondBy: '2026-03-01T12:00:00.000Z',
  } satisfies JobOffered,
  accepted: {
    bookingId: 'b-1001',
    randomNumber: 4815162,
    driver: { id: 'd-7', name: 'Sam <b>Driver</b>', email: 'sam.driver@example.com' },
    move: bookingConfirmed.move,
    acceptedAt: '2026-03-01T10:30:00.000Z',
  } satisfies JobAccepted,
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
