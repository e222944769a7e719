import * as yup from 'yup';
import { INTERNAL_ID } from './schemas/internal.js';

/**
 * After a change of driver the customer may choose another driver free for their move, from My
 * move (signed link only), while the free window is open. They pay no more than that driver's own
 * price and never more than the booking's price: a dearer driver costs them nothing more (the office
 * bears the difference). See docs/BOOKING-LIFECYCLE.md.
 */

/** `reassignedBy` on the JobReassigned event when the customer chose the driver on My move. */
export const CUSTOMER_CHOICE = 'customer';

/** One driver the customer may choose, as My move lists them. */
export interface FreeDriver {
  driverId: string;
  name: string;
  /** What the customer would pay with this driver: their own price, capped at the booking's price. */
  pricePence: number;
  /** Their known charges on the day (ULEZ, congestion), paid to them on the day, never in the price. */
  chargesOnTheDay: { label: string; amountPence: number }[];
}

/** GET /api/mymove/:token/free-drivers */
export interface FreeDriversView {
  /** The booking's price now: no choice costs more. */
  bookedPence: number;
  /** Cheapest first. */
  drivers: FreeDriver[];
}

/** POST /api/mymove/:token/choose-driver */
export const chooseDriverSchema = yup.object({
  driverId: yup
    .string()
    .strict(true)
    .typeError('driverId must be a driver id')
    .required('driverId is required')
    .matches(INTERNAL_ID, 'driverId must be a driver id'),
});
export type ChooseDriverRequest = yup.InferType<typeof chooseDriverSchema>;

export const DRIVER_CHOICE_MSG = {
  /** No change of driver open on this booking (none, kept, chosen already, or the window ended). */
  closed: 'You can choose another driver only for a while after your driver changes, and that time has passed.',
  /** The driver got busy (or left) since the list was read. */
  notFree: 'That driver is no longer free for your move. Please choose another.',
  sameDriver: 'That driver is already your driver, or gave this move back: please choose another.',
} as const;

/** The history line when the customer chose their driver. */
export const driverChosenText = (name: string) =>
  `You chose ${name} as your driver: we have asked them to accept your move`;

/**
 * Quote's answer to the internal free-drivers read: each driver free for the whole move who can
 * answer online, their own price and the booking's, cheapest first.
 */
export interface InternalFreeDriver {
  driverId: string;
  name: string;
  pricePence: number;
  bookedPence: number;
  chargesOnTheDay: { label: string; amountPence: number }[];
}

export const INTERNAL_DRIVER_CHOICE_PATHS = {
  /** GET → InternalFreeDriver[] (fleet). */
  freeDrivers: (bookingId: string) => `/internal/jobs/${encodeURIComponent(bookingId)}/free-drivers`,
  /** POST ChooseDriverRequest → JobReassigned payload (fleet); 409 when that driver is not free. */
  customerChoice: (bookingId: string) => `/internal/jobs/${encodeURIComponent(bookingId)}/customer-choice`,
} as const;

export function isInternalFreeDrivers(v: unknown): v is InternalFreeDriver[] {
  return (
    Array.isArray(v) &&
    v.every(
      (d) =>
        typeof (d as InternalFreeDriver)?.driverId === 'string' &&
        typeof (d as InternalFreeDriver).pricePence === 'number' &&
        Array.isArray((d as InternalFreeDriver).chargesOnTheDay),
    )
  );
}
