import * as yup from 'yup';
import { PAYMENT_PERCENTAGES, PAYMENT_STATUSES } from './constants.js';
import { JOB_PROGRESS_STEPS } from './job-day.js';
import {
  driverCardChangedSchema,
  driverTimeChangedSchema,
  type DriverCardChanged,
  type DriverTimeChanged,
} from './schemas/supply.js';

/** Topic names: `<entity>.<past tense>`, never derived from class names. */
export const TOPICS = {
  quoteSaved: 'quote.saved',
  paymentSucceeded: 'payment.succeeded',
  bookingConfirmed: 'booking.confirmed',
  reviewRequested: 'review.requested',
  driverRatingChanged: 'review.driver-rating-changed',
  contactMessageReceived: 'contact-message.received',
  bookingCancelled: 'booking.cancelled',
  bookingPostponed: 'booking.postponed',
  bookingReactivated: 'booking.reactivated',
  bookingAmended: 'booking.amended',
  bookingDeleted: 'booking.deleted',
  balancePaid: 'booking.balance-paid',
  refundRequested: 'refund.requested',
  refundIssued: 'refund.issued',
  conversationMessagePosted: 'conversation.message-posted',
  jobOffered: 'job.offered',
  jobAccepted: 'job.accepted',
  jobReturned: 'job.returned',
  jobReassigned: 'job.reassigned',
  jobProgressed: 'job.progressed',
  jobReminded: 'job.reminded',
  jobUnconfirmedSoon: 'job.unconfirmed-soon',
  jobConflictFound: 'job.conflict-found',
  driverUpdated: 'driver.updated',
  driverInvited: 'driver.invited',
  driverAccountOpened: 'driver.account-opened',
  driverDocumentExpiring: 'driver.document-expiring',
  driverCardChanged: 'driver.card-changed',
  driverTimeChanged: 'driver-time.changed',
  quotesPriced: 'quote.priced',
  checkoutReleaseOffered: 'checkout-release.offered',
  customerSignInRequested: 'customer-sign-in.requested',
  customerSignInLinkIssued: 'customer-sign-in.link-issued',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: Topic[] = Object.values(TOPICS);
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

export const eventEnvelopeSchema = yup.object({
  eventId: yup.string().required().max(100),
  type: yup.string().required().max(100),
  version: yup.number().integer().required().min(1),
  occurredAt: yup
    .string()
    .required()
    .test('iso', 'occurredAt must be an ISO date', (v) => !!v && !Number.isNaN(Date.parse(v))),
  correlationId: yup.string().required().max(200),
  causationId: yup.string().optional().max(200),
  producer: yup.string().required().max(100),
  data: yup.mixed().required(),
});
export type EventEnvelope<T = unknown> = Omit<yup.InferType<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** A pending event kept on the very document whose change it announces (the outbox pattern). */
export interface OutboxEntry {
  eventId: string;
  topic: string;
  key: string;
  event: EventEnvelope;
}

const moneyPence = () => yup.number().integer().min(0).required();

const customerSchema = yup.object({
  name: yup.string().required(),
  email: yup.string().email().required(),
  phone: yup.string().required(),
});

const moveAddressSchema = yup.object({
  location: yup.string().required(),
  physicalAddress: yup.string().default(''),
  stair: yup.number().min(0).default(0),
});

export const quoteSavedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  customer: customerSchema.required(),
  date: yup.string().required(),
  totalPricePence: moneyPence(),
  pricePerHalfHourPence: moneyPence(),
  retrievePath: yup.string().required(),
  /** The route (place names in order), van and help, so the mail and text say which move was saved. */
  places: yup.array(yup.string().required()).optional().default(undefined),
  vanSize: yup.string().optional(),
  helpLevel: yup.string().optional(),
  /** The driver whose price was saved. */
  driverName: yup.string().optional(),
});
export type QuoteSaved = yup.InferType<typeof quoteSavedSchema>;

export const paymentSucceededSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  percentage: yup
    .number()
    .oneOf([...PAYMENT_PERCENTAGES])
    .required(),
  amountPence: moneyPence(),
  currency: yup.string().oneOf(['gbp']).required(),
  provider: yup.string().oneOf(['stripe', 'local']).required(),
  providerRef: yup.string().required(),
  /** A first payment places the booking (absent: deposit); a balance payment settles what is left of it. */
  kind: yup.string().oneOf(['deposit', 'balance']).optional(),
  /**
   * A first payment that landed after its driver hold lapsed and another booking took the driver
   * meanwhile: it cannot place the booking; it is recorded and refunded in full.
   */
  driverTaken: yup.boolean().optional(),
});
export type PaymentSucceeded = yup.InferType<typeof paymentSucceededSchema>;

const driverSchema = yup
  .object({
    id: yup.string().required(),
    name: yup.string().required(),
    email: yup.string().email().required(),
    phone: yup.string().required(),
  })
  .nullable()
  .default(null);

const moveSchema = yup.object({
  date: yup.string().required(),
  addresses: yup.array(moveAddressSchema).required(),
  typeofVan: yup.string().required(),
  typeOfWorker: yup.string().required(),
  totalHour: yup.number().required(),
  description: yup.string().default(''),
  /** What is moving, when the customer listed it (absent on older events and bookings without a list). */
  items: yup
    .array(yup.object({ id: yup.string().required(), count: yup.number().required(), name: yup.string().optional() }))
    .optional(),
});

export const bookingConfirmedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  paymentStatus: yup
    .string()
    .oneOf([...PAYMENT_STATUSES])
    .required(),
  amountPaidPence: moneyPence(),
  outstandingBalancePence: moneyPence(),
  totalPricePence: moneyPence(),
  customer: customerSchema.required(),
  driver: driverSchema,
  move: moveSchema.required(),
  /** Path of the customer's signed, expiring My move link (added with the page; absent on older events). */
  myMovePath: yup.string().optional(),
});
export type BookingConfirmed = yup.InferType<typeof bookingConfirmedSchema>;

/** Facts every life-after-booking event carries so its e-mails need no lookup. */
const bookingFacts = {
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  customer: customerSchema.required(),
  driver: driverSchema,
  move: moveSchema.required(),
  myMovePath: yup.string().required(),
};

export const bookingCancelledSchema = yup.object({
  ...bookingFacts,
  cancelledAt: yup.string().required(),
  /** What will be refunded (0 outside the cooling-off period); RefundIssued follows when > 0. */
  refundPence: moneyPence(),
  withinCoolingOff: yup.boolean().required(),
  /** Who cancelled: the customer on My move, or VanHop staff (absent on events from before staff could: the customer). */
  cancelledBy: yup
    .string()
    .oneOf(['customer', 'staff'] as const)
    .optional(),
  /** Staff's reason, which the customer is told (staff cancellations only). */
  reason: yup.string().optional(),
  /** The staff member's username, for the office's records: no e-mail or page shows it to the customer. */
  staffUsername: yup.string().optional(),
});
export type BookingCancelled = yup.InferType<typeof bookingCancelledSchema>;

export const bookingPostponedSchema = yup.object({
  ...bookingFacts,
  frozenAt: yup.string().required(),
  /** ISO: reactivate before this (12 months). */
  useBy: yup.string().required(),
});
export type BookingPostponed = yup.InferType<typeof bookingPostponedSchema>;

export const bookingReactivatedSchema = yup.object({
  ...bookingFacts,
  previousDate: yup.string().required(),
  totalPricePence: moneyPence(),
  previousTotalPricePence: moneyPence(),
  balancePence: moneyPence(),
  refundPence: moneyPence(),
});
export type BookingReactivated = yup.InferType<typeof bookingReactivatedSchema>;

/** What staff may change on a booked move: the amendments customers ask for in Instant Support. */
export const AMENDABLE_PARTS = ['date', 'hours', 'stops'] as const;
export type AmendablePart = (typeof AMENDABLE_PARTS)[number];

/**
 * Staff changed a booked move and it was re-priced with the same driver. `move` is the move as it is
 * now and `previousMove` as it was, so each e-mail can say "was → now" in its own words.
 */
export const bookingAmendedSchema = yup.object({
  ...bookingFacts,
  previousMove: moveSchema.required(),
  changed: yup
    .array(
      yup
        .string()
        .oneOf([...AMENDABLE_PARTS])
        .required(),
    )
    .min(1)
    .required(),
  totalPricePence: moneyPence(),
  previousTotalPricePence: moneyPence(),
  balancePence: moneyPence(),
  refundPence: moneyPence(),
  /** The staff member's username. */
  amendedBy: yup.string().required(),
});
export type BookingAmended = yup.InferType<typeof bookingAmendedSchema>;

/**
 * Staff deleted an unpaid quotation (soft: the record is kept, marked). Its checkout hold, if it
 * still has one, gives the driver back now instead of when it lapses. A record that took money is
 * never deleted, so this never names a booking whose driver must be kept.
 */
export const bookingDeletedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  deletedAt: yup.string().required(),
  /** The staff member's username. */
  deletedBy: yup.string().required(),
});
export type BookingDeleted = yup.InferType<typeof bookingDeletedSchema>;

export const balancePaidSchema = yup.object({
  ...bookingFacts,
  amountPence: moneyPence(),
  totalPricePence: moneyPence(),
  provider: yup.string().oneOf(['stripe', 'local']).required(),
  providerRef: yup.string().required(),
  paidAt: yup.string().required(),
  /** What is left to pay after this payment (absent on events from before it was carried). */
  balancePence: yup.number().integer().min(0).optional(),
});
export type BalancePaid = yup.InferType<typeof balancePaidSchema>;

/**
 * Why money goes back: a cancellation in the cooling-off period, a cheaper price after the move was
 * re-priced (a postponed move's new date, or staff amending it), a payment the booking did not
 * need (a second payment, or one that arrived after the booking was cancelled), staff cancelling
 * the booking with the refund they chose, or a payment that arrived after the driver's hold lapsed
 * and another customer booked them.
 */
export const REFUND_REASONS = [
  'cooling-off-cancellation',
  'reprice',
  'overpayment',
  'staff-cancellation',
  'driver-taken',
  'driver-change',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** What a refund was for, as receipts (My move and e-mail) state it. */
export const REFUND_DESCRIPTIONS: Record<RefundReason, string> = {
  'cooling-off-cancellation': 'Cancellation in the cooling-off period',
  reprice: 'Price difference after a change to the move',
  overpayment: 'Refund of a payment the booking did not need',
  'staff-cancellation': 'Cancellation by VanHop',
  'driver-taken': 'Refund of a payment that arrived after your driver was booked by another customer',
  'driver-change': 'Refund after your driver changed',
};

/** Booking asks payment to give money back; `refundId` is the idempotency key of the whole refund. */
export const refundRequestedSchema = yup.object({
  refundId: yup.string().required(),
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  amountPence: moneyPence(),
  reason: yup
    .string()
    .oneOf([...REFUND_REASONS])
    .required(),
  /** Refund this payment only (an overpayment); absent: across the booking's payments, newest first. */
  paymentRef: yup.string().optional(),
  /**
   * The whole of a payment no booking event counted (a second first payment, or one too late for its
   * driver): giving it back does not change what the booking kept (the earnings ledger skips it).
   */
  unneededPayment: yup.boolean().optional(),
  /** Carried through to RefundIssued, so the receipt e-mail needs no lookup. */
  customer: customerSchema.required(),
  myMovePath: yup.string().required(),
});
export type RefundRequested = yup.InferType<typeof refundRequestedSchema>;

export const refundIssuedSchema = yup.object({
  refundId: yup.string().required(),
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  /** What was actually given back: the amount asked for, unless less than that was left to refund. */
  amountPence: moneyPence(),
  reason: yup
    .string()
    .oneOf([...REFUND_REASONS])
    .required(),
  provider: yup.string().oneOf(['stripe', 'local']).required(),
  /** The provider's refund ids (one per payment refunded). */
  providerRefs: yup.array(yup.string().required()).required(),
  customer: customerSchema.required(),
  myMovePath: yup.string().required(),
  issuedAt: yup.string().required(),
  /** As RefundRequested's: a whole payment no booking event counted, given back. */
  unneededPayment: yup.boolean().optional(),
});
export type RefundIssued = yup.InferType<typeof refundIssuedSchema>;

export const reviewRequestedSchema = yup.object({
  bookingId: yup.string().required(),
  customer: customerSchema.required(),
  requestedBy: yup.string().required(),
  /** Path of the customer's signed review page (absent on events from before the page existed: the e-mail then links REVIEW_URL). */
  reviewPath: yup.string().optional(),
});
export type ReviewRequested = yup.InferType<typeof reviewRequestedSchema>;

/**
 * A driver's approved VanHop reviews changed (one approved, un-approved or rejected): their count and
 * the sum of their driver ratings, now. `version` grows with every change of this driver's figure,
 * so a consumer keeps the highest it has seen and an older event arriving late changes nothing.
 */
export const driverRatingChangedSchema = yup.object({
  driverId: yup.string().required().max(100),
  count: yup.number().integer().min(0).required(),
  sum: yup.number().integer().min(0).required(),
  version: yup.number().integer().min(1).required(),
  at: yup.string().required(),
});
export type DriverRatingChanged = yup.InferType<typeof driverRatingChangedSchema>;

export const contactMessageReceivedSchema = yup.object({
  name: yup.string().required(),
  email: yup.string().email().required(),
  phone: yup.string().required(),
  title: yup.string().required(),
  message: yup.string().required(),
});
export type ContactMessageReceived = yup.InferType<typeof contactMessageReceivedSchema>;

/**
 * A message was added to a conversation (notification's own module): the thread is read back by id
 * to mail the other side, so the event carries no message text or address.
 */
export const conversationMessagePostedSchema = yup.object({
  conversationId: yup.string().required(),
  messageId: yup.string().required(),
  kind: yup
    .string()
    .oneOf(['driver', 'support'] as const)
    .required(),
  from: yup
    .string()
    .oneOf(['customer', 'driver', 'staff'] as const)
    .required(),
  /** The thread's first message (the customer also gets their link to it). */
  first: yup.boolean().required(),
});
export type ConversationMessagePosted = yup.InferType<typeof conversationMessagePostedSchema>;

/** A paid booking offered to its driver (quote's jobs): the driver is mailed to accept or decline in time. */
export const jobOfferedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  /** The phone, when known, is texted the offer with the time left to answer (older events: the mail only). */
  driver: yup
    .object({
      id: yup.string().required(),
      name: yup.string().required(),
      email: yup.string().email().required(),
      phone: yup.string().optional(),
    })
    .required(),
  move: moveSchema.required(),
  respondBy: yup.string().required(),
  /**
   * The driver had accepted this move and a change took it outside their hours: they are asked to
   * confirm the new time. The customer is told (with their My move link) and the booking stops
   * saying the driver accepted until they do. Absent on a first offer.
   */
  reconfirm: yup
    .object({
      customer: yup
        .object({
          name: yup.string().required(),
          email: yup.string().email().required(),
          /** Texted as well, so the last text never still says the driver accepted (absent on older events). */
          phone: yup.string().optional(),
        })
        .required(),
      myMovePath: yup.string().optional(),
    })
    .optional()
    .default(undefined),
});
export type JobOffered = yup.InferType<typeof jobOfferedSchema>;

/** The driver accepted the job: the office is told. */
export const jobAcceptedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  driver: yup
    .object({ id: yup.string().required(), name: yup.string().required(), email: yup.string().email().required() })
    .required(),
  move: moveSchema.required(),
  acceptedAt: yup.string().required(),
  /** The customer, whose contact the driver gets now (absent on events from before: no mails to the customer). */
  customer: customerSchema.optional().default(undefined),
  /** The customer's My move link path, for the mail telling them their driver accepted. */
  myMovePath: yup.string().optional(),
  /** Calls go through the masked relay: the driver's mail leaves the customer's phone out. */
  callsMasked: yup.boolean().optional(),
});
export type JobAccepted = yup.InferType<typeof jobAcceptedSchema>;

/**
 * Why a job went back to the office: its driver declined it, did not answer in time, was
 * suspended by staff (every upcoming job of theirs comes back at once), or is not free for it
 * (`not-free`: the booking was paid after its checkout's hold lapsed, or moved in a race, and
 * another booking holds the driver then: its time is not held). Old values stay valid.
 */
export const JOB_RETURN_REASONS = ['declined', 'expired', 'suspended', 'not-free'] as const;
export type JobReturnReason = (typeof JOB_RETURN_REASONS)[number];

/**
 * The driver declined the job, did not answer in time, or was suspended. The booking still names
 * them and their time stays taken (a suspended driver's is given back): the booking now needs a driver (staff see it, the office is
 * mailed) until staff reassign it or it is cancelled.
 */
export const jobReturnedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  driver: yup
    .object({ id: yup.string().required(), name: yup.string().required(), email: yup.string().email().required() })
    .required(),
  move: moveSchema.required(),
  because: yup.string().oneOf(JOB_RETURN_REASONS).required(),
  at: yup.string().required(),
  /**
   * The customer and their My move link, told that no other driver could be found at once and what
   * they may choose (absent on events from before: the office's mail only).
   */
  customer: yup
    .object({
      name: yup.string().required(),
      email: yup.string().email().required(),
      /** Texted as well, so the last text never still says a driver accepted (absent on older events). */
      phone: yup.string().optional(),
    })
    .optional()
    .default(undefined),
  myMovePath: yup.string().optional(),
});
export type JobReturned = yup.InferType<typeof jobReturnedSchema>;

/** `reassignedBy` when the platform, not staff, offered the job on at once. */
export const AUTOMATIC_FALLBACK = 'automatic';

/**
 * The job went to another driver (staff, or the platform at once when a driver declined or did not
 * answer): the booking names them, the customer is told.
 */
export const jobReassignedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  driver: yup
    .object({
      id: yup.string().required(),
      name: yup.string().required(),
      email: yup.string().email().required(),
      phone: yup.string().required(),
    })
    .required(),
  previousDriverId: yup.string().required(),
  /** The driver the job was taken from, on a staff reassignment of an offered or accepted job: they are told their time is free. */
  previousDriver: yup
    .object({
      name: yup.string().required(),
      email: yup.string().email().required(),
      phone: yup.string().optional(),
      /** What the job was with them: 'offered' or 'accepted' (a returned job's driver already knows). */
      had: yup.string().oneOf(['offered', 'accepted']).required(),
    })
    .optional()
    .default(undefined),
  customer: yup
    .object({
      name: yup.string().required(),
      email: yup.string().email().required(),
      /** The customer is texted who their new driver is (events from before it was carried: mail only). */
      phone: yup.string().optional(),
    })
    .required(),
  /** The customer's My move link (absent for bookings confirmed before it was kept on the job). */
  myMovePath: yup.string().optional(),
  move: moveSchema.required(),
  /** The new driver's price for this move; the customer pays no more than what was booked. */
  driverPricePence: yup.number().integer().min(0).required(),
  /** What the customer booked the move at, so a cheaper new driver's difference can be refunded. */
  bookedPence: yup.number().integer().min(0).optional(),
  /** The new driver's known charges on the day (ULEZ, congestion), never in the price. */
  chargesOnTheDay: yup
    .array(yup.object({ label: yup.string().required(), amountPence: yup.number().integer().min(0).required() }))
    .optional()
    .default(undefined),
  /**
   * What the office agreed to bear above the customer's booked price ("reassign and bear the
   * difference"): the driver earns their own price. Absent or 0: the driver is paid the booked price.
   */
  officeBearsPence: yup.number().integer().min(0).optional(),
  /** A staff username, or AUTOMATIC_FALLBACK when the platform offered the job on at once. */
  reassignedBy: yup.string().required(),
  /** Why the previous driver gave it up, on an automatic fallback (staff reassignments leave it out). */
  because: yup.string().oneOf(JOB_RETURN_REASONS).optional(),
  at: yup.string().required(),
});
export type JobReassigned = yup.InferType<typeof jobReassignedSchema>;

/**
 * The driver marked a step of the move day (on my way, arrived, done) in their portal: My move
 * shows a line, the customer is texted, and "done" counts the booking as done (review next morning).
 */
export const jobProgressedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  step: yup.string().oneOf(JOB_PROGRESS_STEPS).required(),
  at: yup.string().required(),
  driver: yup.object({ id: yup.string().required(), name: yup.string().required() }).required(),
  customer: yup.object({ name: yup.string().required(), phone: yup.string().required() }).required(),
  myMovePath: yup.string().optional(),
  /** On "done": who signed for the move, and when (My move shows it). */
  signedFor: yup.object({ name: yup.string().required(), at: yup.string().required() }).optional().default(undefined),
  /**
   * On "done": what the customer paid the driver on the day (cash or card, which the driver holds),
   * or nothing (still owed). Absent on events from before it was asked, and on jobs with nothing to collect.
   */
  collected: yup
    .object({
      method: yup
        .string()
        .oneOf(['cash', 'card', 'none'] as const)
        .required(),
      amountPence: moneyPence(),
    })
    .optional()
    .default(undefined),
  /** On "done": overtime and extras the customer agreed on the day, charged on top of the booked price. */
  extras: yup.object({ amountPence: moneyPence(), reason: yup.string().required() }).optional().default(undefined),
  /** On "done": the move's actual start and finish, when the driver gave them. */
  times: yup
    .object({ startedAt: yup.string().optional(), finishedAt: yup.string().optional() })
    .optional()
    .default(undefined),
});
export type JobProgressed = yup.InferType<typeof jobProgressedSchema>;

/** The day-before reminder (once per booking and move date): the customer and the driver are mailed and texted. */
export const jobRemindedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  driver: yup
    .object({
      id: yup.string().required(),
      name: yup.string().required(),
      email: yup.string().email().required(),
      phone: yup.string().optional(),
    })
    .required(),
  customer: customerSchema.required(),
  move: moveSchema.required(),
  /** What the driver collects on the day (pence; absent when not known). */
  cashToCollectPence: yup.number().integer().min(0).optional(),
  myMovePath: yup.string().optional(),
  at: yup.string().required(),
});
export type JobReminded = yup.InferType<typeof jobRemindedSchema>;

/** How close to the move a booking without an accepted driver alerts the office. */
export const UNCONFIRMED_ALERT_HOURS = 6;

/**
 * A move starts within UNCONFIRMED_ALERT_HOURS and no driver has accepted it (an offer still
 * waiting, or the job back with the office): the office is mailed, once per booking and move date.
 */
export const jobUnconfirmedSoonSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  status: yup
    .string()
    .oneOf(['offered', 'returned-to-staff'] as const)
    .required(),
  driver: yup.object({ id: yup.string().required(), name: yup.string().required() }).required(),
  /** The offer's deadline, while one is waiting. */
  respondBy: yup.string().optional(),
  move: moveSchema.required(),
  at: yup.string().required(),
});
export type JobUnconfirmedSoon = yup.InferType<typeof jobUnconfirmedSoonSchema>;

/**
 * Something now stands in the way of a job its driver holds, found where it arose: the driver saved
 * hours (a day off) that leave out a job they have, or staff recorded an insurance or licence that
 * expires before it. The office is mailed, once per job, driver and cause; the staff record shows it
 * (GET /api/drivers/admin/jobs/:id/conflicts).
 */
export const jobConflictFoundSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  kind: yup
    .string()
    .oneOf(['outside-hours', 'document-expires'] as const)
    .required(),
  /** What is wrong, in the words the staff record uses. */
  text: yup.string().required(),
  status: yup
    .string()
    .oneOf(['offered', 'accepted'] as const)
    .required(),
  driver: yup.object({ id: yup.string().required(), name: yup.string().required() }).required(),
  move: moveSchema.required(),
  at: yup.string().required(),
});
export type JobConflictFound = yup.InferType<typeof jobConflictFoundSchema>;

/**
 * A driver was added or changed (staff, the driver's own card or hours, a seed): the audit line in
 * the event is what the driver is mailed and what admin-auth keeps its account list in step with.
 */
export const driverUpdatedSchema = yup.object({
  driverId: yup.string().required(),
  version: yup.number().integer().min(0).required(),
  action: yup
    .string()
    .oneOf(['created', 'updated', 'suspended', 'reactivated'] as const)
    .required(),
  /** A staff username, `driver:<id>` for the driver's own edits, or `seed`. */
  by: yup.string().required(),
  at: yup.string().required(),
  reason: yup.string().optional(),
  /** One line per changed field (a list: fields are dotted paths, which stores refuse as keys); photos are described, never copied. */
  changes: yup
    .array(
      yup
        .object({ field: yup.string().required(), from: yup.mixed().nullable(), to: yup.mixed().nullable() })
        .required(),
    )
    .required(),
  driver: yup
    .object({
      name: yup.string().required(),
      email: yup.string().email().required(),
      previousEmail: yup.string().email().optional(),
      active: yup.boolean().required(),
    })
    .required(),
});
export type DriverUpdated = yup.InferType<typeof driverUpdatedSchema>;

/**
 * Staff invited a driver to the portal (admin-auth): the driver is mailed the one-use link. The
 * token is admin-auth's signed link, as booking's My move token rides on BookingConfirmed.
 */
export const driverInvitedSchema = yup.object({
  driverId: yup.string().required(),
  name: yup.string().required(),
  email: yup.string().email().required(),
  token: yup.string().required(),
  expiresAt: yup.string().required(),
  invitedBy: yup.string().required(),
});
export type DriverInvited = yup.InferType<typeof driverInvitedSchema>;

/**
 * A driver set their portal password (admin-auth): from now on they can answer job offers online,
 * so quote may hand jobs to them without staff confirming (a driver without an account cannot accept).
 */
export const driverAccountOpenedSchema = yup.object({
  driverId: yup.string().required(),
  at: yup.string().required(),
});
export type DriverAccountOpened = yup.InferType<typeof driverAccountOpenedSchema>;

/**
 * Complete quotes the quote service priced on one London day since its last report (a tally, not
 * one event per quote: pricing is the hot path). The staff dashboard's conversion is read from it.
 */
export const quotesPricedSchema = yup.object({
  day: yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/),
  count: yup.number().integer().min(1).required(),
});
export type QuotesPriced = yup.InferType<typeof quotesPricedSchema>;

/**
 * A driver's insurance or licence expires within the reminder days (DOCUMENT_REMINDER_DAYS): the driver
 * and the office are mailed once per expiry date (the quote service's sweep claims it on the driver).
 */
export const driverDocumentExpiringSchema = yup.object({
  driverId: yup.string().required(),
  driver: yup.object({ name: yup.string().required(), email: yup.string().email().required() }).required(),
  document: yup
    .string()
    .oneOf(['insurance', 'licence'] as const)
    .required(),
  reference: yup.string().required(),
  expiresOn: yup.string().required(),
  daysLeft: yup.number().integer().required(),
});
export type DriverDocumentExpiring = yup.InferType<typeof driverDocumentExpiringSchema>;

/**
 * Checkouts opened from another client hold a customer's share of unpaid checkouts: the owner of the
 * address gets a link that releases them (contracts/checkout-release.ts). Only the address is
 * named; the mail says nothing of the moves, which someone else may have typed.
 */
export const checkoutReleaseOfferedSchema = yup.object({
  email: yup.string().email().required(),
  releasePath: yup.string().required(),
  expiresAt: yup
    .string()
    .required()
    .test('iso', 'expiresAt must be an ISO date', (v) => !!v && !Number.isNaN(Date.parse(v))),
  openCheckouts: yup.number().integer().min(1).required(),
});
export type CheckoutReleaseOffered = yup.InferType<typeof checkoutReleaseOfferedSchema>;

/** A customer asked for a sign-in link (booking decides, off the request path, whether the address is known). */
export const customerSignInRequestedSchema = yup.object({
  requestId: yup.string().required(),
  email: yup.string().email().required(),
});
export type CustomerSignInRequested = yup.InferType<typeof customerSignInRequestedSchema>;

/** A sign-in link for an address with records: the mail to send (the token's digest is what booking keeps). */
export const customerSignInLinkIssuedSchema = yup.object({
  email: yup.string().email().required(),
  signInPath: yup.string().required(),
  expiresAt: yup
    .string()
    .required()
    .test('iso', 'expiresAt must be an ISO date', (v) => !!v && !Number.isNaN(Date.parse(v))),
});
export type CustomerSignInLinkIssued = yup.InferType<typeof customerSignInLinkIssuedSchema>;

/** Payload schema per topic, so every consumer validates what it receives at the boundary. */
export const EVENT_SCHEMAS = {
  [TOPICS.quoteSaved]: quoteSavedSchema,
  [TOPICS.paymentSucceeded]: paymentSucceededSchema,
  [TOPICS.bookingConfirmed]: bookingConfirmedSchema,
  [TOPICS.reviewRequested]: reviewRequestedSchema,
  [TOPICS.driverRatingChanged]: driverRatingChangedSchema,
  [TOPICS.contactMessageReceived]: contactMessageReceivedSchema,
  [TOPICS.bookingCancelled]: bookingCancelledSchema,
  [TOPICS.bookingPostponed]: bookingPostponedSchema,
  [TOPICS.bookingReactivated]: bookingReactivatedSchema,
  [TOPICS.bookingAmended]: bookingAmendedSchema,
  [TOPICS.bookingDeleted]: bookingDeletedSchema,
  [TOPICS.balancePaid]: balancePaidSchema,
  [TOPICS.refundRequested]: refundRequestedSchema,
  [TOPICS.refundIssued]: refundIssuedSchema,
  [TOPICS.conversationMessagePosted]: conversationMessagePostedSchema,
  [TOPICS.jobOffered]: jobOfferedSchema,
  [TOPICS.jobAccepted]: jobAcceptedSchema,
  [TOPICS.jobReturned]: jobReturnedSchema,
  [TOPICS.jobReassigned]: jobReassignedSchema,
  [TOPICS.jobProgressed]: jobProgressedSchema,
  [TOPICS.jobReminded]: jobRemindedSchema,
  [TOPICS.jobUnconfirmedSoon]: jobUnconfirmedSoonSchema,
  [TOPICS.jobConflictFound]: jobConflictFoundSchema,
  [TOPICS.driverUpdated]: driverUpdatedSchema,
  [TOPICS.driverInvited]: driverInvitedSchema,
  [TOPICS.driverAccountOpened]: driverAccountOpenedSchema,
  [TOPICS.driverDocumentExpiring]: driverDocumentExpiringSchema,
  [TOPICS.driverCardChanged]: driverCardChangedSchema,
  [TOPICS.driverTimeChanged]: driverTimeChangedSchema,
  [TOPICS.quotesPriced]: quotesPricedSchema,
  [TOPICS.checkoutReleaseOffered]: checkoutReleaseOfferedSchema,
  [TOPICS.customerSignInRequested]: customerSignInRequestedSchema,
  [TOPICS.customerSignInLinkIssued]: customerSignInLinkIssuedSchema,
} as const;

export interface EventPayloads {
  'quote.saved': QuoteSaved;
  'payment.succeeded': PaymentSucceeded;
  'booking.confirmed': BookingConfirmed;
  'review.requested': ReviewRequested;
  'review.driver-rating-changed': DriverRatingChanged;
  'contact-message.received': ContactMessageReceived;
  'booking.cancelled': BookingCancelled;
  'booking.postponed': BookingPostponed;
  'booking.reactivated': BookingReactivated;
  'booking.amended': BookingAmended;
  'booking.deleted': BookingDeleted;
  'booking.balance-paid': BalancePaid;
  'refund.requested': RefundRequested;
  'refund.issued': RefundIssued;
  'conversation.message-posted': ConversationMessagePosted;
  'job.offered': JobOffered;
  'job.accepted': JobAccepted;
  'job.returned': JobReturned;
  'job.reassigned': JobReassigned;
  'job.progressed': JobProgressed;
  'job.reminded': JobReminded;
  'job.unconfirmed-soon': JobUnconfirmedSoon;
  'job.conflict-found': JobConflictFound;
  'driver.updated': DriverUpdated;
  'driver.invited': DriverInvited;
  'driver.account-opened': DriverAccountOpened;
  'driver.document-expiring': DriverDocumentExpiring;
  'driver.card-changed': DriverCardChanged;
  'driver-time.changed': DriverTimeChanged;
  'quote.priced': QuotesPriced;
  'checkout-release.offered': CheckoutReleaseOffered;
  'customer-sign-in.requested': CustomerSignInRequested;
  'customer-sign-in.link-issued': CustomerSignInLinkIssued;
}
