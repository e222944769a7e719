import * as yup from 'yup';
import { PAYMENT_PERCENTAGES, PAYMENT_STATUSES } from './constants.js';

/** Topic names: `<entity>.<past tense>`, never derived from class names. */
export const TOPICS = {
  quoteSaved: 'quote.saved',
  paymentSucceeded: 'payment.succeeded',
  bookingConfirmed: 'booking.confirmed',
  reviewRequested: 'review.requested',
  contactMessageReceived: 'contact-message.received',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];
export const ALL_TOPICS: Topic[] = Object.values(TOPICS);
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

export const eventEnvelopeSchema = yup.object({
  eventId: yup.string().required().max(100),
  type: yup.string().required().max(100),
  version: yup.number().integer().required().min(1),
  occurredAt: yup.string().required().test('iso', 'occurredAt must be an ISO date', (v) => !!v && !Number.isNaN(Date.parse(v))),
  correlationId: yup.string().required().max(200),
  causationId: yup.string().optional().max(200),
  producer: yup.string().required().max(100),
  data: yup.mixed().required(),
});
export type EventEnvelope<T = unknown> = Omit<yup.InferType<typeof eventEnvelopeSchema>, 'data'> & { data: T };

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
});
export type QuoteSaved = yup.InferType<typeof quoteSavedSchema>;

export const paymentSucceededSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  percentage: yup.number().oneOf([...PAYMENT_PERCENTAGES]).required(),
  amountPence: moneyPence(),
  currency: yup.string().oneOf(['gbp']).required(),
  provider: yup.string().oneOf(['stripe', 'local']).required(),
  providerRef: yup.string().required(),
});
export type PaymentSucceeded = yup.InferType<typeof paymentSucceededSchema>;

export const bookingConfirmedSchema = yup.object({
  bookingId: yup.string().required(),
  randomNumber: yup.number().integer().required(),
  paymentStatus: yup.string().oneOf([...PAYMENT_STATUSES]).required(),
  amountPaidPence: moneyPence(),
  outstandingBalancePence: moneyPence(),
  totalPricePence: moneyPence(),
  customer: customerSchema.required(),
  driver: yup
    .object({ id: yup.string().required(), name: yup.string().required(), email: yup.string().email().required(), phone: yup.string().required() })
    .nullable()
    .default(null),
  move: yup
    .object({
      date: yup.string().required(),
      addresses: yup.array(moveAddressSchema).required(),
      typeofVan: yup.string().required(),
      typeOfWorker: yup.string().required(),
      totalHour: yup.number().required(),
      description: yup.string().default(''),
    })
    .required(),
});
export type BookingConfirmed = yup.InferType<typeof bookingConfirmedSchema>;

export const reviewRequestedSchema = yup.object({
  bookingId: yup.string().required(),
  customer: customerSchema.required(),
  requestedBy: yup.string().required(),
});
export type ReviewRequested = yup.InferType<typeof reviewRequestedSchema>;

export const contactMessageReceivedSchema = yup.object({
  name: yup.string().required(),
  email: yup.string().email().required(),
  phone: yup.string().required(),
  title: yup.string().required(),
  message: yup.string().required(),
});
export type ContactMessageReceived = yup.InferType<typeof contactMessageReceivedSchema>;

/** Payload schema per topic, so every consumer validates what it receives at the boundary. */
export const EVENT_SCHEMAS = {
  [TOPICS.quoteSaved]: quoteSavedSchema,
  [TOPICS.paymentSucceeded]: paymentSucceededSchema,
  [TOPICS.bookingConfirmed]: bookingConfirmedSchema,
  [TOPICS.reviewRequested]: reviewRequestedSchema,
  [TOPICS.contactMessageReceived]: contactMessageReceivedSchema,
} as const;

export interface EventPayloads {
  'quote.saved': QuoteSaved;
  'payment.succeeded': PaymentSucceeded;
  'booking.confirmed': BookingConfirmed;
  'review.requested': ReviewRequested;
  'contact-message.received': ContactMessageReceived;
}
