import * as yup from 'yup';
import { HELP_LEVELS, VAN_SIZES, type HelpLevel, type VanSize } from '../constants.js';
import type { JobReturnReason } from '../events.js';
import type { ItemLine } from '../items.js';
import type { JobProgressStep } from '../job-day.js';
import { formatPence } from '../money.js';
import { noControlCharacters } from './common.js';
import { NEW_PASSWORD, newPasswordField } from './password.js';

/**
 * The supply side's wire shapes: staff manage drivers (`/api/drivers/admin/*`), drivers run their
 * own card and availability (`/api/driver/me/*`). Money is integer pence here: these are our own
 * routes, not the legacy wire contract's (docs/WIRE-CONTRACT.md), and a card is edited field by field.
 */

export const DRIVER_MSG = {
  name: 'Name must be 2 to 60 characters',
  email: 'Enter a valid e-mail address',
  /** Drivers sign in to the portal with their e-mail: one address, one driver (whatever its case). */
  emailTaken: 'Another driver already has this e-mail: each driver needs their own',
  phone: 'Phone must be 10 to 13 digits',
  vanSizes: 'Choose at least one van size',
  helpLevels: 'Choose at least one help level',
  basePostcode: 'Enter the base postcode (e.g. NW2 or NW2 1AA)',
  unknownPostcode: 'That postcode is not one we know',
  radius: 'Radius must be 1 to 60 miles',
  pence: 'Enter an amount in pence from 0 to 100000',
  hours: 'Choose clock hours from 0 to 23',
  hoursOutsideBounds: (allowed: string) => `Out-of-hours start hours must be among ${allowed}`,
  minimumHours: 'Minimum hours must be 1 to 12',
  minutes: 'Minutes must be 0 to 1440',
  miles: 'Miles must be 0 to 100',
  photo: 'The photo must be an https address or a PNG/JPEG/WebP image of at most 200 KB',
  photoContent: 'The photo file is not the PNG, JPEG or WebP image it says it is',
  outsideBounds: (min: number, max: number) => `Must be from ${min} to ${max}`,
  boundsOrder: 'The minimum must not be above the maximum',
  reason: 'Say why in at most 500 characters',
} as const;

const pence = () =>
  yup
    .number()
    .typeError(DRIVER_MSG.pence)
    .integer(DRIVER_MSG.pence)
    .min(0, DRIVER_MSG.pence)
    .max(100_000, DRIVER_MSG.pence)
    .required(DRIVER_MSG.pence);
const perKey = <K extends string>(keys: readonly K[]) =>
  yup.object(Object.fromEntries(keys.map((k) => [k, pence()])) as Record<K, ReturnType<typeof pence>>).required();

/** Every number of a price card: what bounds apply to, field by field. */
const cardNumbersShape = {
  vanPerHourPence: perKey(VAN_SIZES),
  helpersPerHourPence: perKey(HELP_LEVELS),
  stairPerFlightPerHourPence: perKey(HELP_LEVELS),
  mileagePencePerMile: pence(),
  freeRouteUnderMiles: yup
    .number()
    .typeError(DRIVER_MSG.miles)
    .min(0, DRIVER_MSG.miles)
    .max(100, DRIVER_MSG.miles)
    .required(DRIVER_MSG.miles),
  viaStopPence: pence(),
  lateBookingPence: pence(),
  lateBookingWithinMinutes: yup
    .number()
    .typeError(DRIVER_MSG.minutes)
    .integer(DRIVER_MSG.minutes)
    .min(0, DRIVER_MSG.minutes)
    .max(1440, DRIVER_MSG.minutes)
    .required(DRIVER_MSG.minutes),
  outOfHoursPence: pence(),
  minimumHours: yup
    .number()
    .typeError(DRIVER_MSG.minimumHours)
    .min(1, DRIVER_MSG.minimumHours)
    .max(12, DRIVER_MSG.minimumHours)
    .required(DRIVER_MSG.minimumHours),
};

export const cardNumbersSchema = yup.object(cardNumbersShape);
export type CardNumbers = yup.InferType<typeof cardNumbersSchema>;

/** A list of London clock hours (0 to 23). */
const clockHours = () =>
  yup
    .array(
      yup
        .number()
        .typeError(DRIVER_MSG.hours)
        .integer(DRIVER_MSG.hours)
        .min(0, DRIVER_MSG.hours)
        .max(23, DRIVER_MSG.hours)
        .required(),
    )
    .max(24, DRIVER_MSG.hours);

/** The full driver price card (pence; docs/PRICING.md). */
export const priceCardSchema = yup.object({
  ...cardNumbersShape,
  outOfHoursStartHours: clockHours().required(DRIVER_MSG.hours),
});
export type PriceCardWire = yup.InferType<typeof priceCardSchema>;

/**
 * What a driver may set their own card to: staff set a minimum and a maximum per number, and the
 * clock hours a card may count as out of hours (unset: the quote service's default, the hours
 * outside the ordinary working day), so no driver can price a mid-morning move as out of hours.
 */
export const cardBoundsSchema = yup.object({
  min: cardNumbersSchema.required(),
  max: cardNumbersSchema.required(),
  outOfHoursStartHours: clockHours().optional().default(undefined),
});
export type CardBounds = yup.InferType<typeof cardBoundsSchema>;

const PHOTO_MAX_CHARS = Math.ceil((200 * 1024 * 4) / 3) + 40;
const photoSchema = yup
  .string()
  .max(PHOTO_MAX_CHARS, DRIVER_MSG.photo)
  .test(
    'photo',
    DRIVER_MSG.photo,
    (v) =>
      !v ||
      /^https:\/\/[^\s"'<>]{3,500}$/.test(v) ||
      /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(v),
  )
  .default('');

/** POST /api/drivers/admin: a new driver (suspended drivers are never offered). */
export const driverCreateSchema = yup.object({
  name: yup
    .string()
    .trim()
    .min(2, DRIVER_MSG.name)
    .max(60, DRIVER_MSG.name)
    .test(noControlCharacters)
    .required(DRIVER_MSG.name),
  email: yup.string().trim().lowercase().email(DRIVER_MSG.email).max(200, DRIVER_MSG.email).required(DRIVER_MSG.email),
  phone: yup
    .string()
    .trim()
    .matches(/^\+?\d{10,13}$/, DRIVER_MSG.phone)
    .required(DRIVER_MSG.phone),
  vanSizes: yup
    .array(
      yup
        .string()
        .oneOf([...VAN_SIZES], DRIVER_MSG.vanSizes)
        .required(),
    )
    .min(1, DRIVER_MSG.vanSizes)
    .max(4)
    .required(DRIVER_MSG.vanSizes),
  helpLevels: yup
    .array(
      yup
        .string()
        .oneOf([...HELP_LEVELS], DRIVER_MSG.helpLevels)
        .required(),
    )
    .min(1, DRIVER_MSG.helpLevels)
    .max(4)
    .required(DRIVER_MSG.helpLevels),
  basePostcode: yup
    .string()
    .trim()
    .uppercase()
    .matches(/^[A-Z]{1,2}\d[A-Z\d]?( ?\d[A-Z]{2})?$/, DRIVER_MSG.basePostcode)
    .required(DRIVER_MSG.basePostcode),
  serviceRadiusMiles: yup
    .number()
    .typeError(DRIVER_MSG.radius)
    .min(1, DRIVER_MSG.radius)
    .max(60, DRIVER_MSG.radius)
    .required(DRIVER_MSG.radius),
  card: priceCardSchema.required(),
  cardBounds: cardBoundsSchema.optional().default(undefined),
  photoUrl: photoSchema,
  ulezCompliant: yup.boolean().default(true),
});
export type DriverCreate = yup.InferType<typeof driverCreateSchema>;

/** PATCH /api/drivers/admin/:id: any of the same fields. */
export const driverPatchSchema = yup.object({
  name: yup.string().trim().min(2, DRIVER_MSG.name).max(60, DRIVER_MSG.name).test(noControlCharacters).optional(),
  email: yup.string().trim().lowercase().email(DRIVER_MSG.email).max(200, DRIVER_MSG.email).optional(),
  phone: yup
    .string()
    .trim()
    .matches(/^\+?\d{10,13}$/, DRIVER_MSG.phone)
    .optional(),
  vanSizes: yup
    .array(
      yup
        .string()
        .oneOf([...VAN_SIZES], DRIVER_MSG.vanSizes)
        .required(),
    )
    .min(1, DRIVER_MSG.vanSizes)
    .max(4)
    .optional()
    .default(undefined),
  helpLevels: yup
    .array(
      yup
        .string()
        .oneOf([...HELP_LEVELS], DRIVER_MSG.helpLevels)
        .required(),
    )
    .min(1, DRIVER_MSG.helpLevels)
    .max(4)
    .optional()
    .default(undefined),
  basePostcode: yup
    .string()
    .trim()
    .uppercase()
    .matches(/^[A-Z]{1,2}\d[A-Z\d]?( ?\d[A-Z]{2})?$/, DRIVER_MSG.basePostcode)
    .optional(),
  serviceRadiusMiles: yup
    .number()
    .typeError(DRIVER_MSG.radius)
    .min(1, DRIVER_MSG.radius)
    .max(60, DRIVER_MSG.radius)
    .optional(),
  card: priceCardSchema.optional().default(undefined),
  cardBounds: cardBoundsSchema.optional().default(undefined),
  photoUrl: photoSchema.optional().default(undefined),
  ulezCompliant: yup.boolean().optional(),
});
export type DriverPatch = yup.InferType<typeof driverPatchSchema>;

/** A driver's id as the fleet service issues them, in a route's path. */
const driverIdParam = yup
  .string()
  .strict(true)
  .required('Invalid driver id')
  .matches(/^drv-[\w-]{1,60}$/, 'Invalid driver id');
/** The staff Drivers routes' `:id`. */
export const driverIdParamsSchema = yup.object({ id: driverIdParam });
/** POST /api/driver-account/admin/invite/:driverId. */
export const driverInviteParamsSchema = yup.object({ driverId: driverIdParam });
/** /api/driver-account/welcome/:token: a signed link's shape (`v1.…`), so anything else is refused before any work. */
export const driverWelcomeParamsSchema = yup.object({
  token: yup
    .string()
    .strict(true)
    .required('Invalid invitation link')
    .matches(/^v1\.[\w-]{1,400}\.[0-9a-z]{1,11}\.[\w-]{22}$/, 'Invalid invitation link'),
});

/** POST /api/drivers/admin/:id/suspend: a reason goes in the audit log. */
export const driverSuspendSchema = yup.object({ reason: yup.string().trim().max(500, DRIVER_MSG.reason).default('') });

/** A driver as staff see it. */
export interface DriverAdminView {
  id: string;
  name: string;
  email: string;
  phone: string;
  vanSizes: VanSize[];
  helpLevels: HelpLevel[];
  basePostcode: string;
  homeBase: { label: string; lat: number; lng: number };
  serviceRadiusMiles: number;
  card: PriceCardWire;
  cardBounds: CardBounds;
  photoUrl: string;
  ulezCompliant: boolean;
  active: boolean;
  rating: number;
  reviewCount: number;
  version: number;
  updatedAt: string | null;
}

/** One append-only audit entry: who changed what, when. */
export interface DriverAuditEntry {
  id: string;
  at: string;
  by: string;
  driverId: string;
  action: 'created' | 'updated' | 'suspended' | 'reactivated';
  changes: Record<string, { from: unknown; to: unknown }>;
  reason?: string;
}

// ---- Availability: weekly hours (Europe/London) and days off ---------------------------------

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const AVAILABILITY_MSG = {
  time: 'Times are HH:MM on a quarter hour, 00:00 to 24:00',
  order: 'A period must end after it starts',
  overlap: 'Periods of one day must not overlap',
  dayOff: 'Days off are dates like 2026-01-31',
  tooMany: 'At most 4 periods a day and 366 days off',
} as const;

const quarterHour = () =>
  yup
    .string()
    .required(AVAILABILITY_MSG.time)
    .matches(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, AVAILABILITY_MSG.time);

export const minutesOfDay = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const periodSchema = yup
  .object({ from: quarterHour(), to: quarterHour() })
  .test('order', AVAILABILITY_MSG.order, (p) => !p.from || !p.to || minutesOfDay(p.to) > minutesOfDay(p.from));

const daySchema = yup
  .array(periodSchema.required())
  .max(4, AVAILABILITY_MSG.tooMany)
  .required()
  .test('overlap', AVAILABILITY_MSG.overlap, (periods) => {
    const sorted = [...(periods ?? [])].sort((a, b) => minutesOfDay(a.from) - minutesOfDay(b.from));
    return sorted.every((p, i) => i === 0 || minutesOfDay(p.from) >= minutesOfDay(sorted[i - 1]!.to));
  });

/** PUT /api/driver/me/availability (and what GET answers): when a driver works. */
export const availabilitySchema = yup.object({
  weekly: yup
    .object(Object.fromEntries(WEEKDAYS.map((d) => [d, daySchema])) as Record<Weekday, typeof daySchema>)
    .required(),
  daysOff: yup
    .array(
      yup
        .string()
        .required()
        .matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, AVAILABILITY_MSG.dayOff),
    )
    .max(366, AVAILABILITY_MSG.tooMany)
    .required(),
});
export type Availability = yup.InferType<typeof availabilitySchema>;

// ---- Holds on a driver's time (service to service) -------------------------------------------

const isoInstant = (field: string) =>
  yup
    .string()
    .required(`${field} is required`)
    .test(
      'iso',
      `${field} must be an ISO date`,
      (v) => !!v && /^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v)),
    );

/** A hold refused (another booking has the driver then): payment passes it on, the web app shows it as a stale quote. */
export const DRIVER_TAKEN_MESSAGE = 'This driver is no longer free at that time: get quotes again';

/**
 * The hold's 409 when only unpaid checkouts of the asking customer (the same `holder`) stand in the
 * way, with their bookings: payment may close those checkouts and ask again with `supersedes`.
 */
export const HELD_BY_CUSTOMER_CODE = 'held_by_customer';

/** POST /internal/drivers/:id/holds (payment, when a checkout starts). */
export const driverHoldSchema = yup.object({
  bookingId: yup
    .string()
    .required('bookingId is required')
    .matches(/^[\w-]{1,64}$/, 'bookingId must be a booking id'),
  start: isoInstant('start'),
  /** Either the window's end, or the booked hours (quote adds the driver's minimum, as pricing does). */
  end: yup
    .string()
    .optional()
    .test(
      'iso',
      'end must be an ISO date',
      (v) => v === undefined || (/^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v))),
    )
    .test('end-or-hours', 'end or hours is required', function (v) {
      return v !== undefined || (this.parent as { hours?: unknown }).hours !== undefined;
    }),
  hours: yup.number().optional().min(0, 'hours must be 0 to 24').max(24, 'hours must be 0 to 24'),
  /** When the checkout lapses; the hold lapses with it unless the booking is paid. */
  expiresAt: isoInstant('expiresAt'),
  /** Whose checkout it is (platform holdHolderOf: a hash of the contact e-mail): their own quotes still see the driver. */
  holder: yup
    .string()
    .optional()
    .matches(/^[0-9a-f]{32}$/, 'holder must be a holder key'),
  /**
   * Bookings of the same customer whose checkouts payment has closed at the provider: their unpaid
   * holds give way to this one (never a paid booking's, never another customer's).
   */
  supersedes: yup
    .array(
      yup
        .string()
        .required('supersedes must list booking ids')
        .matches(/^[\w-]{1,64}$/, 'supersedes must list booking ids'),
    )
    .optional()
    .max(10, 'supersedes lists at most 10 bookings'),
});
export type DriverHold = yup.InferType<typeof driverHoldSchema>;

// ---- Jobs: a paid booking offered to its driver ---------------------------------------------

export const JOB_STATUSES = ['offered', 'accepted', 'returned-to-staff'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job as its driver and staff see it (`/api/driver/me/jobs`, `/api/drivers/admin/jobs`). */
export interface JobView {
  bookingId: string;
  randomNumber: number;
  driverId: string;
  status: JobStatus;
  offeredAt: string;
  /** Accept or decline before this, or the job goes back to staff. */
  respondBy: string;
  respondedAt: string | null;
  /** Why a job went back to staff (declined, not answered in time, or its driver suspended). */
  returnedBecause: JobReturnReason | null;
  move: {
    date: string;
    totalHour: number;
    addresses: { location: string; physicalAddress: string; stair: number }[];
    typeofVan: string;
    typeOfWorker: string;
    description: string;
    items?: ItemLine[];
  };
  /**
   * The customer's contact, once the driver has accepted a live booking: before that the driver sees
   * only the name (`customerName`), and a cancelled or postponed move shows none (null): nobody's
   * details are the driver's to keep once the move is off. The customer is told the same. The phone
   * is null where calls go through the masked relay (a telephony provider is set): the driver rings
   * from the job card and neither sees the other's number.
   */
  customer: { name: string; email: string; phone: string | null } | null;
  /** The customer's name while the booking is live (accepted or not); null once it is off. */
  customerName?: string | null;
  /** Where the booking is now (it follows the booking's events; absent on jobs stored before: active). */
  bookingState?: JobBookingState;
  /** Money given back to the customer when the booking was cancelled (pence). */
  refundPence?: number;
  /** Who cancelled the booking (absent: the customer, as on jobs cancelled before staff could). */
  cancelledBy?: 'customer' | 'staff';
  /** The job and its booking in words, as the portal and the office show them (jobStateText). */
  stateText?: string;
  /** What the customer's booking costs now (pence; absent on jobs stored before it was shown). */
  pricePence?: number;
  /**
   * What the customer has not paid online (pence): the driver collects it on the day. Follows the
   * booking's re-pricings and balance payments; 0 when it was paid in full online.
   */
  cashToCollectPence?: number;
  /** The last step the driver marked on the day (absent or null: not started). */
  progress?: JobProgressStep | null;
  /** When that step was marked. */
  progressAt?: string | null;
  /** The first instant "On my way" may be marked. */
  progressOpensAt?: string;
  /** Who signed for the move at "done", and when (the photos and signature are staff's: the proof route). */
  signedFor?: { name: string; at: string } | null;
  /**
   * The offer asks the driver to confirm a new time for a move they had accepted (a change took it
   * outside their hours); false or absent on a first offer and once answered.
   */
  reconfirming?: boolean;
  /** What the driver recorded at "done" as paid to them on the day (cash, card, or nothing: still owed). */
  collected?: { method: 'cash' | 'card' | 'none'; amountPence: number } | null;
  /** When the office was alerted that the move starts within hours with no accepted driver (staff see the flag). */
  unconfirmedAlertAt?: string | null;
}

export const JOB_BOOKING_STATES = ['active', 'postponed', 'cancelled'] as const;
export type JobBookingState = (typeof JOB_BOOKING_STATES)[number];

/** Why a job cannot be accepted or declined any more, by the booking's state (409 messages). */
export const JOB_CLOSED_MSG = {
  cancelled: 'This move was cancelled by the customer: there is nothing to accept.',
  postponed: 'This move is postponed: it will come back to you with its new date.',
} as const;

const RETURNED_TEXT: Record<JobReturnReason, string> = {
  declined: 'Declined: back with the office',
  expired: 'Not answered in time: back with the office',
  suspended: 'Driver suspended: back with the office',
  'not-free': 'Driver booked for another move then: back with the office',
};

/** A move whose new time its driver is asked to confirm, as the driver and the office read it. */
export const JOB_RECONFIRM_TEXT = {
  driver: 'Changed: confirm the new time',
  staff: 'Waiting for the driver to confirm the new time',
} as const;

/** One sentence for a job and its booking: the driver portal and the staff screens read it alike. */
export function jobStateText(
  job: Pick<JobView, 'status' | 'returnedBecause' | 'bookingState' | 'refundPence' | 'reconfirming' | 'cancelledBy'> &
    Partial<Pick<JobView, 'progress'>>,
): string {
  if (job.bookingState === 'cancelled') {
    const refund = job.refundPence ?? 0;
    const by = job.cancelledBy === 'staff' ? 'Cancelled by the office' : 'Cancelled by the customer';
    return refund > 0 ? `${by}: ${formatPence(refund)} refunded` : `${by}: no refund`;
  }
  if (job.bookingState === 'postponed') return 'Postponed by the customer: waiting for a new date';
  if (job.status === 'offered' && job.reconfirming) return JOB_RECONFIRM_TEXT.driver;
  if (job.status === 'offered') return 'Offered: waiting for your answer';
  // After "Done" the job is done, not merely accepted.
  if (job.status === 'accepted' && job.progress === 'done') return 'Done';
  if (job.status === 'accepted') return 'Accepted';
  return RETURNED_TEXT[job.returnedBecause ?? 'declined'];
}

export interface DriverJobsResponse {
  upcoming: JobView[];
  today: JobView[];
  past: JobView[];
}

// ---- Driver accounts (admin-auth): invitation, password, sign-in -----------------------------

export const DRIVER_ACCOUNT_MSG = {
  loginSuccess: 'Login successful',
  /** Same words for an unknown e-mail and a wrong password, so addresses cannot be probed. */
  loginFailed: 'Invalid e-mail or password',
  suspended: 'Your driver account is suspended: please contact the office',
  noPassword: 'Set your password from the invitation e-mail first',
  inviteInvalid: 'This invitation link is not valid',
  inviteSpent: 'This invitation has expired or was already used: ask the office for a new one',
  emailRequired: 'E-mail is required',
  passwordRequired: 'Password is required',
  /** The one new-password rule (./password.ts), staff sign-up's too. */
  password: NEW_PASSWORD.message,
  passwordConfirm: 'Confirm your password',
  passwordMatch: 'Passwords do not match',
  passwordSet: 'Password set: you are signed in',
  unknownDriver: 'That driver is not known to the account service yet: try again in a moment',
  suspendedInvite: 'A suspended driver cannot be invited: reactivate them first',
  inviteSent: 'Invitation sent',
  /** Another driver's account signs in with this e-mail (their change came later): give this driver their own first. */
  emailInUse: 'Another driver signs in with this e-mail: give this driver their own e-mail first',
} as const;

/** POST /api/driver-account/login */
export const driverLoginSchema = yup.object({
  email: yup
    .string()
    .trim()
    .lowercase()
    .required(DRIVER_ACCOUNT_MSG.emailRequired)
    .max(200, DRIVER_ACCOUNT_MSG.loginFailed),
  password: yup.string().required(DRIVER_ACCOUNT_MSG.passwordRequired).max(200, DRIVER_ACCOUNT_MSG.loginFailed),
});
export type DriverLogin = yup.InferType<typeof driverLoginSchema>;

/** POST /api/driver-account/welcome/:token: the driver's first password. */
export const driverPasswordSchema = yup.object({
  password: newPasswordField(DRIVER_ACCOUNT_MSG.passwordRequired),
  password1: yup
    .string()
    .required(DRIVER_ACCOUNT_MSG.passwordConfirm)
    .oneOf([yup.ref('password')], DRIVER_ACCOUNT_MSG.passwordMatch),
});
export type DriverPasswordSet = yup.InferType<typeof driverPasswordSchema>;

export interface DriverIdentity {
  id: string;
  name: string;
  email: string;
}

/** Login and password-set answer: a driver-role bearer token for `/api/driver/*`. */
export interface DriverLoginResponse {
  success: true;
  token: string;
  message: string;
  driver: DriverIdentity;
}

/**
 * The portal's device session (admin-auth `driver_sessions`): signing in sets a refresh cookie
 * (httpOnly, this browser only) that `POST /api/driver-account/session/refresh` swaps for a new
 * access token and a new cookie (the old one is refused from then on). Staff end a driver's
 * sessions on every device; a suspension ends them too.
 */
export const DRIVER_SESSION_MSG = {
  refreshed: 'Session renewed',
  ended: 'Your session has ended: please sign in again',
  signedOut: 'Signed out',
  revoked: 'Signed out on every device',
} as const;

/** POST /api/driver-account/admin/sessions/:driverId/revoke: how many device sessions were ended. */
export interface DriverSessionsRevoked {
  driverId: string;
  revoked: number;
  message: string;
}

/** GET /api/driver-account/welcome/:token: whom the invitation is for, before a password is chosen. */
export interface DriverInvitePreview {
  name: string;
  email: string;
  expiresAt: string;
}

/** POST /api/driver-account/admin/invite/:driverId (staff). */
export interface DriverInviteSent {
  driverId: string;
  email: string;
  invitedAt: string;
  expiresAt: string;
  message: string;
}

export type DriverAccountStatus = 'none' | 'invited' | 'active';

/** GET /api/driver-account/admin/accounts (staff): one row per driver the account service knows. */
export interface DriverAccountView {
  driverId: string;
  name: string;
  email: string;
  active: boolean;
  status: DriverAccountStatus;
  invitedAt: string | null;
  inviteExpiresAt: string | null;
  passwordSetAt: string | null;
  lastLoginAt: string | null;
}

/** GET /api/driver/me (and the answer of its PUTs): the driver's own profile, card, bounds and hours. */
export interface DriverSelfView extends DriverAdminView {
  /** null: no hours set, so the driver is offered at any time. */
  availability: Availability | null;
}

// ---- Reassigning a job that came back (staff) ------------------------------------------------

/** A driver free for a returned job, with their price for that move (GET /api/drivers/admin/jobs/:id/candidates). */
export interface JobCandidate {
  driverId: string;
  name: string;
  /** Their price for this move, by the quote service's pricing. */
  pricePence: number;
  /** What the customer's booking costs: the customer never pays more than this. */
  bookedPence: number;
  /** pricePence - bookedPence when above zero: staff confirm it (the office bears it). */
  overBookedPence: number;
  /**
   * Whether the driver set their portal password: without one they cannot accept online, so staff
   * confirm such a choice and the automatic hand-on never picks them.
   */
  portalAccount: boolean;
}

/** The reassign picker's mark beside a driver without a portal account. */
export const NO_PORTAL_ACCOUNT_TEXT = 'No portal account: they cannot accept online';

/** POST /api/drivers/admin/jobs/:id/reassign */
export const reassignJobSchema = yup.object({
  driverId: yup
    .string()
    .required('Choose a driver')
    .matches(/^[\w-]{1,64}$/, 'Choose a driver'),
  /** Staff confirm a price above the booked one (the customer still pays what was booked). */
  acceptDifference: yup.boolean().optional(),
  /** Staff confirm a driver without a portal account (they cannot accept online: the office calls them). */
  confirmNoAccount: yup.boolean().optional(),
});
export type ReassignJob = yup.InferType<typeof reassignJobSchema>;

export const REASSIGN_MSG = {
  notReturned: 'Only a job back with the office can be reassigned.',
  /** The job changed while staff chose (answered, handed on, or reassigned by someone else). */
  changed: 'This job changed meanwhile: reload it and choose again.',
  started: 'This move has started: it cannot be given to another driver now.',
  postponed: 'This booking is postponed: give it a new date first.',
  noAccount: (name: string) =>
    `${name} has no portal account, so they cannot accept online: confirm to give them the job and tell them yourself.`,
  cancelled: 'This booking was cancelled: there is nothing to reassign.',
  sameDriver: 'That driver gave this job back: choose another driver.',
  notFree: 'That driver is not free for this move any more: choose another driver.',
  overBooked: (name: string, price: string, booked: string) =>
    `${name}'s price for this move is ${price}, more than the ${booked} the customer booked: confirm to reassign and bear the difference.`,
} as const;

// ---- Conflicts on a job (staff dispatch) ------------------------------------------------------

export type JobConflictKind = 'outside-hours' | 'document-expires' | 'suspended-holds-time';

/** Something that stands in the way of a job as booked, for staff to put right (GET /api/drivers/admin/jobs/:id/conflicts). */
export interface JobConflict {
  kind: JobConflictKind;
  /** What is wrong, in words. */
  text: string;
}

export const JOB_CONFLICT_TEXT = {
  outsideHours: (driver: string) =>
    `${driver}'s hours no longer cover this move (a day off or changed hours): give it to another driver or agree it with ${driver}.`,
  documentExpires: (driver: string, day: string) =>
    `${driver}'s insurance or licence expires before the move (${day}): renew it or give the job to another driver.`,
  suspendedHoldsTime: (driver: string) =>
    `${driver} is suspended and this job still holds their time: reassign it or cancel it.`,
} as const;

/** An upcoming job of the driver's that their new hours do not cover (a day off added over it). */
export interface JobOutsideHours {
  bookingId: string;
  randomNumber: number;
  /** ISO move start. */
  date: string;
}

/** PUT /api/driver/me/availability answers the profile and the upcoming jobs the new hours leave out (staff see them flagged). */
export interface DriverAvailabilitySaved extends DriverSelfView {
  jobsOutsideHours?: JobOutsideHours[];
}
