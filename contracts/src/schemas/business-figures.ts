import * as yup from 'yup';
import { londonClock } from '../booking-time.js';

/** Days the staff dashboard's daily charts cover, today included. */
export const BUSINESS_DAYS = 30;
/** Days ahead (today included) over which drivers' booked hours are set against their hours. */
export const DRIVER_HOURS_DAYS = 28;
/** The hours chart shows at most this many drivers, the busiest: a fleet of thousands cannot be one chart. */
export const BUSINESS_DRIVERS_SHOWN = 25;

/** The London calendar day of an instant, `YYYY-MM-DD`: the figures' days are the office's days. */
export function londonDay(instant: Date): string {
  const c = londonClock(instant);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` plus `n` calendar days (negative: back). */
export function shiftDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const day = () =>
  yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/);
const count = () => yup.number().integer().min(0).required();

const businessDaySchema = yup
  .object({
    day: day(),
    /** Bookings confirmed (first payment taken) that day. */
    bookings: count(),
    /** What those bookings are worth (their total prices), in pence. */
    revenuePence: count(),
    /** Money taken that day, in pence: first payments, balance payments, and money given back. */
    depositsPence: count(),
    balancesPence: count(),
    refundsPence: count(),
    /** Complete quotes priced that day. */
    quotesPriced: count(),
  })
  .noUnknown();
export type BusinessDay = yup.InferType<typeof businessDaySchema>;

const waitingJobSchema = yup
  .object({
    bookingId: yup.string().required(),
    randomNumber: yup.number().integer().required(),
    /** The driver the job was with. */
    driverName: yup.string().required(),
    /** Why it came back (absent on figures kept before it was recorded). */
    because: yup
      .string()
      .oneOf(['declined', 'expired', 'suspended', 'not-free'] as const)
      .optional(),
    moveDate: yup.string().required(),
    /** ISO: when it came back to the office. */
    since: yup.string().required(),
  })
  .noUnknown();

const driverBookedSchema = yup
  .object({
    driverId: yup.string().required(),
    name: yup.string().required(),
    /** Hours of their jobs whose move starts in the window. */
    bookedHours: yup.number().min(0).required(),
  })
  .noUnknown();

/**
 * GET /api/dashboard/business (staff): the figures the dashboard charts, read from admin-auth's
 * event-fed read model (a few small documents, never the records themselves).
 */
export const businessFiguresSchema = yup
  .object({
    generatedAt: yup.string().required(),
    /** Oldest first, one entry per London day, the last being today; days without events are zeros. */
    days: yup.array(businessDaySchema.required()).required(),
    /** Bookings confirmed per complete quote priced over the days, as a percentage; null before any quote. */
    conversionPercent: yup.number().min(0).nullable().defined(),
    /** Jobs a driver gave back (declined, unanswered, suspended) not yet reassigned or cancelled. */
    jobsWaiting: yup.array(waitingJobSchema.required()).required(),
    /** Instant Support chats whose customer spoke last (the inbox's unanswered ones). */
    openSupportChats: count(),
    /** From today for DRIVER_HOURS_DAYS days. */
    driverWindow: yup.object({ from: day(), to: day() }).noUnknown().required(),
    /** The busiest BUSINESS_DRIVERS_SHOWN drivers (most hours booked in the window), by name. */
    drivers: yup.array(driverBookedSchema.required()).required(),
    /** How many drivers have hours booked in the window (more than `drivers` holds when over the cap). */
    driversBooked: yup.number().integer().min(0).optional(),
  })
  .noUnknown();
export type BusinessFigures = yup.InferType<typeof businessFiguresSchema>;
export type WaitingJob = yup.InferType<typeof waitingJobSchema>;
export type DriverBookedHours = yup.InferType<typeof driverBookedSchema>;

const driverHoursSchema = yup
  .object({
    driverId: yup.string().required(),
    name: yup.string().required(),
    /** Weekly hours less days off over the window; null: no hours set, so offered at any time. */
    availableHours: yup.number().min(0).nullable().defined(),
  })
  .noUnknown();

/** GET /api/drivers/admin/hours?from=YYYY-MM-DD (staff, quote): each active driver's working hours over the window. */
export const driverAvailableHoursSchema = yup
  .object({
    from: day(),
    to: day(),
    drivers: yup.array(driverHoursSchema.required()).required(),
  })
  .noUnknown();
export type DriverAvailableHours = yup.InferType<typeof driverAvailableHoursSchema>;
