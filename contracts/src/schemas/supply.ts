import * as yup from 'yup';

/**
 * The supply side's events: what pricing needs to know about drivers, published by the code that
 * writes drivers, holds and jobs, so pricing can read them from a read model of its own. Every
 * event carries a revision that only grows per key: a reader keeps the highest it has seen, so a
 * redelivered or late event changes nothing.
 */

const isoInstant = () =>
  yup
    .string()
    .required()
    .test(
      'iso',
      ({ path }) => `${path} must be an ISO date`,
      (v) => v === undefined || !Number.isNaN(Date.parse(v)),
    );

const latLng = () =>
  yup.object({
    lat: yup.number().required().min(-90).max(90),
    lng: yup.number().required().min(-180).max(180),
  });

/** One compliance document as pricing reads it: only the day it is valid through (YYYY-MM-DD). */
const documentExpiry = () =>
  yup
    .object({
      expiresOn: yup
        .string()
        .required()
        .matches(/^\d{4}-\d{2}-\d{2}$/),
    })
    .nullable()
    .default(undefined);

/**
 * A driver's card as pricing reads it: van, help, base and radius, prices and their bounds, hours
 * and days off, documents' expiry dates, standing, the rating they brought and VanHop's own
 * reviews (pricing shows the two together), and whether there is a photo (its URL without bytes).
 * The price card, its bounds and the hours are the driver service's own validated shapes, carried
 * whole.
 */
export const driverCardSchema = yup.object({
  name: yup.string().required(),
  email: yup.string().required(),
  phone: yup.string().defined(),
  homeBase: latLng().shape({ label: yup.string().defined() }).required(),
  serviceRadiusMiles: yup.number().required().min(0),
  vanSizes: yup.array(yup.string().required()).required(),
  helpLevels: yup.array(yup.string().required()).required(),
  card: yup.object().required(),
  rating: yup.number().required(),
  reviewCount: yup.number().integer().min(0).required(),
  vanhopReviews: yup
    .object({
      count: yup.number().integer().min(0).required(),
      sum: yup.number().min(0).required(),
      version: yup.number().required(),
    })
    .default(undefined),
  ulezCompliant: yup.boolean().required(),
  active: yup.boolean().required(),
  basePostcode: yup.string().optional(),
  cardBounds: yup.object().default(undefined),
  photoUrl: yup.string().optional(),
  availability: yup.object().default(undefined),
  documents: yup.object({ insurance: documentExpiry(), licence: documentExpiry() }).default(undefined),
  version: yup.number().integer().min(0).optional(),
  updatedAt: yup.string().optional(),
});
export type DriverCardWire = yup.InferType<typeof driverCardSchema>;

/**
 * A driver was added or changed in any way pricing reads (a staff or self edit, a suspension or
 * reinstatement, documents, hours, VanHop's reviews, a seeded demo driver): the whole card, as it
 * is after the change. `revision` grows with every such change of this driver.
 */
export const driverCardChangedSchema = yup.object({
  driverId: yup.string().required(),
  revision: yup.number().integer().min(1).required(),
  active: yup.boolean().required(),
  card: driverCardSchema.required(),
});
export type DriverCardChanged = yup.InferType<typeof driverCardChangedSchema>;

export const DRIVER_TIME_STATES = ['held', 'kept', 'given-back'] as const;
export type DriverTimeState = (typeof DRIVER_TIME_STATES)[number];

/**
 * One booking's claim on one driver's time, as it is now: the quarter hours it holds (`held` until
 * `expiresAt`, after which it no longer counts, whether or not anyone writes again; `kept` once
 * paid; `given-back`: none), and the job it gives the driver (its window and first and last
 * places, for the drive between jobs; null when the booking is not the driver's job, or is
 * cancelled or postponed). `revision` grows with every change of this (booking, driver).
 */
export const driverTimeChangedSchema = yup.object({
  bookingId: yup.string().required(),
  driverId: yup.string().required(),
  revision: yup.number().integer().min(1).required(),
  state: yup
    .string()
    .oneOf([...DRIVER_TIME_STATES])
    .required(),
  /** The quarter hours held, [from, to): required unless given back. */
  from: isoInstant()
    .optional()
    .default(undefined)
    .when('state', ([state], f) => (state === 'given-back' ? f : f.required())),
  to: isoInstant()
    .optional()
    .default(undefined)
    .when('state', ([state], f) => (state === 'given-back' ? f : f.required())),
  /** When a held time lapses (required for `held`): a reader counts it no more from then on. */
  expiresAt: isoInstant()
    .optional()
    .default(undefined)
    .when('state', ([state], f) => (state === 'held' ? f.required() : f)),
  job: yup
    .object({
      /** The move's start as the job stores it; `to` its end (start + booked hours). */
      from: isoInstant(),
      to: isoInstant(),
      /** The place labels as booked (jobs keep no coordinates): pricing measures the drive between them. */
      pickup: yup.string().required(),
      dropoff: yup.string().required(),
    })
    .nullable()
    .default(null),
});
export type DriverTimeChanged = yup.InferType<typeof driverTimeChangedSchema>;
