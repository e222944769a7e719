/**
 * The driver's job card on the day of the move: links to a map for each address, a call to the
 * customer through a masked number, and the proof of delivery (photos of the load and the
 * customer's signature) the driver gives when marking the job done. Rules and words read alike by
 * the quote service (which decides) and the portal.
 */
import * as yup from 'yup';
import { londonClock, londonTime } from './booking-time.js';
import { JOB_PROGRESS_STEPS } from './job-day.js';
import { formatPence } from './money.js';

// ---- map links ----------------------------------------------------------------------------------

/** What a map is asked to find: the street address first, then the area ("12 Lane, London NW2, UK"). */
export const mapDestination = (a: { location: string; physicalAddress?: string }): string =>
  [a.physicalAddress?.trim(), a.location.trim()].filter(Boolean).join(', ');

/** Directions to the address in a maps site (which hands over to the maps app on most phones). */
export const directionsUrl = (destination: string): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;

/** The address for whatever navigation app the phone has (geo: URI, RFC 5870 with a search query). */
export const geoUri = (destination: string): string => `geo:0,0?q=${encodeURIComponent(destination)}`;

// ---- the call to the customer -------------------------------------------------------------------

/**
 * When the driver may call the customer: from the start of the London day before the move (to
 * agree access or parking) to the end of the move's London day. Outside it there is no reason to,
 * and a masked number is not kept open for nothing.
 */
export function callWindow(moveDate: string): { opens: Date; closes: Date } | null {
  const start = new Date(moveDate);
  if (Number.isNaN(start.getTime())) return null;
  const c = londonClock(start);
  const dayBefore = new Date(Date.UTC(c.year, c.month - 1, c.day - 1));
  const dayAfter = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return {
    opens: londonTime(dayBefore.getUTCFullYear(), dayBefore.getUTCMonth() + 1, dayBefore.getUTCDate(), 0),
    closes: londonTime(dayAfter.getUTCFullYear(), dayAfter.getUTCMonth() + 1, dayAfter.getUTCDate(), 0),
  };
}

export const isCallOpen = (moveDate: string, now: Date): boolean => {
  const w = callWindow(moveDate);
  return !!w && now.getTime() >= w.opens.getTime() && now.getTime() < w.closes.getTime();
};

/** What the card's call asks for: `connected` with the masked number to dial, or the stand-in's words. */
export type JobCallResponse =
  | { connected: true; dial: string; expiresAt: string }
  | { connected: false; message: string };

export const JOB_CALL_BUTTON = 'Call customer';

export const JOB_CALL_MSG = {
  /** No telephony provider configured: says so plainly, shares no number and says what to do instead. */
  standIn:
    'Calls are not connected in this installation: no call was placed and no phone number was shared. Ring the VanHop office and they will reach the customer for you.',
  connected: 'Call through this VanHop number: the customer sees it instead of yours, and you never see theirs.',
  notAccepted: 'Accept this job first: you can call the customer once it is yours.',
  cancelled: 'This move was cancelled: there is nobody to call.',
  postponed: 'This move is postponed: you can call once it has its new date.',
  notOpen: 'You can call the customer from the day before the move until the end of its day.',
  noDriverPhone: 'Your phone number is missing from your profile: ask the office to add it, then try again.',
  providerDown: 'The call could not be set up just now. Please try again in a minute.',
} as const;

// ---- proof of delivery at "done" ----------------------------------------------------------------

export const JOB_PROOF_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const JOB_PROOF_MAX_PHOTOS = 3;
/** A photo's data URL (about 320 KB of image): three and a signature stay well inside a request's 2 MB. */
export const JOB_PROOF_PHOTO_MAX_CHARS = 440_000;
/** The signature's PNG data URL (about 110 KB): a drawn signature is a few KB. */
export const JOB_PROOF_SIGNATURE_MAX_CHARS = 150_000;
export const JOB_PROOF_NAME_MAX = 80;

export const JOB_PROOF_MSG = {
  photosRequired: 'Add at least one photo of the load before marking the job done.',
  tooManyPhotos: `Add at most ${JOB_PROOF_MAX_PHOTOS} photos.`,
  photoTooBig: 'Each photo must be smaller than 320 KB: take it again or choose a smaller one.',
  photoType: 'Photos must be JPEG, PNG or WebP images.',
  photoContent: 'This photo is not an image of the type it claims to be.',
  signatureRequired: 'Ask the customer to sign before marking the job done.',
  signatureFormat: 'The signature must be a PNG image drawn on the card.',
  signatureTooBig: 'The signature is too large: clear it and sign again.',
  signedByRequired: 'Type the name of the person who signed.',
  signedByTooLong: `The name must be at most ${JOB_PROOF_NAME_MAX} characters.`,
} as const;

// ---- what was collected on the day, and when the move ran ----------------------------------------

/**
 * How the balance was settled at "done": cash or card handed to the driver on the day (the driver
 * holds that money), or nothing (the customer still owes it and may pay it online on My move).
 */
export const DAY_SETTLEMENT_METHODS = ['cash', 'card', 'none'] as const;
export type DaySettlementMethod = (typeof DAY_SETTLEMENT_METHODS)[number];

/** The most a driver may record as collected on the day (£10,000): anything above is a typo. */
export const DAY_SETTLEMENT_MAX_PENCE = 1_000_000;

export const DAY_SETTLEMENT_MSG = {
  methodRequired: 'Say what the customer paid you on the day: cash, card, or nothing (still owed).',
  method: 'collected.method must be cash, card or none',
  amountRequired: 'Enter the amount collected on the day.',
  amount: 'The amount collected must be a whole number of pence from 0 to 1000000.',
  amountPounds: 'Enter the amount collected in pounds, e.g. 103.00 (at most £10,000).',
  nothingWithAmount: 'Nothing collected means an amount of 0.',
  moreThanOwed: (owed: string) =>
    `That is more than the customer owes on the day (${owed}, with any extras): check the amount.`,
  time: 'Times must be ISO date-times, e.g. 2026-12-01T09:00:00Z.',
  finishBeforeStart: 'The finish time must be after the start time.',
} as const;

const isoInstant = () =>
  yup
    .string()
    .optional()
    .max(40, DAY_SETTLEMENT_MSG.time)
    .test('iso', DAY_SETTLEMENT_MSG.time, (v) => v === undefined || !Number.isNaN(Date.parse(v)));

/** What the customer paid on the day, as the driver records it at "done". */
export const daySettlementSchema = yup.object({
  method: yup
    .string()
    .required(DAY_SETTLEMENT_MSG.methodRequired)
    .oneOf(DAY_SETTLEMENT_METHODS, DAY_SETTLEMENT_MSG.method),
  amountPence: yup
    .number()
    .typeError(DAY_SETTLEMENT_MSG.amount)
    .required(DAY_SETTLEMENT_MSG.amountRequired)
    .integer(DAY_SETTLEMENT_MSG.amount)
    .min(0, DAY_SETTLEMENT_MSG.amount)
    .max(DAY_SETTLEMENT_MAX_PENCE, DAY_SETTLEMENT_MSG.amount)
    .test('nothing-is-zero', DAY_SETTLEMENT_MSG.nothingWithAmount, function nothingIsZero(v) {
      return this.parent?.method !== 'none' || v === 0;
    }),
});
export type DaySettlement = { method: DaySettlementMethod; amountPence: number };

/** The most a driver may record as extras agreed on the day (£1,000): more is for the office to agree. */
export const DAY_EXTRAS_MAX_PENCE = 100_000;

export const DAY_EXTRAS_MSG = {
  amount: 'The extra charge must be a whole number of pence from 0 to 100000 (£1,000).',
  amountPounds: 'Enter the extra charge in pounds, e.g. 30.00 (at most £1,000).',
  reasonRequired: 'Say what the extra charge is for, e.g. 45 minutes overtime.',
  reasonTooLong: 'Describe the extra charge in at most 200 characters.',
  consentRequired: 'The customer must agree to the extra charge: tick the box once they have, before they sign.',
} as const;

/**
 * Overtime and extras the customer agreed on the day, charged on top of the booked price: what, how
 * much, and the customer's consent (given before they sign for the move at "done").
 */
export const dayExtrasSchema = yup.object({
  amountPence: yup
    .number()
    .typeError(DAY_EXTRAS_MSG.amount)
    .required(DAY_EXTRAS_MSG.amount)
    .integer(DAY_EXTRAS_MSG.amount)
    .min(0, DAY_EXTRAS_MSG.amount)
    .max(DAY_EXTRAS_MAX_PENCE, DAY_EXTRAS_MSG.amount),
  reason: yup
    .string()
    .trim()
    .max(200, DAY_EXTRAS_MSG.reasonTooLong)
    .test('reason', DAY_EXTRAS_MSG.reasonRequired, function reason(v) {
      return !(this.parent?.amountPence > 0) || !!v;
    }),
  customerAgreed: yup.boolean().test('consent', DAY_EXTRAS_MSG.consentRequired, function consent(v) {
    return !(this.parent?.amountPence > 0) || v === true;
  }),
});
export interface DayExtras {
  amountPence: number;
  reason: string;
}

/** The history line of an extra charge: "Extra agreed on the day: 45 minutes overtime £30.00". */
export const dayExtrasText = (e: DayExtras): string =>
  `Extra agreed on the day: ${e.reason} ${formatPence(e.amountPence)}`;

/** The move's actual start and finish, as the driver records them at "done" (both optional). */
export const moveTimesSchema = yup
  .object({
    startedAt: isoInstant(),
    finishedAt: isoInstant().test('after', DAY_SETTLEMENT_MSG.finishBeforeStart, function after(v) {
      const start = this.parent?.startedAt as string | undefined;
      return !v || !start || Date.parse(v) > Date.parse(start);
    }),
  })
  .optional()
  .default(undefined);
export interface MoveTimes {
  startedAt?: string;
  finishedAt?: string;
}

/** How the driver's record of the day reads to the customer and the office: "Paid to the driver on the day: cash £103.00". */
export function paidOnDayText(s: DaySettlement): string {
  if (s.method === 'none' || s.amountPence === 0) return 'Nothing was paid to the driver on the day';
  return `Paid to the driver on the day: ${s.method} ${formatPence(s.amountPence)}`;
}

/** POST /api/driver/me/jobs/:id/progress with step "done": the step with its proof, in one request. */
export const jobDoneRequestSchema = yup.object({
  step: yup.string().required('step is required').oneOf(JOB_PROGRESS_STEPS, 'step must be on-my-way, arrived or done'),
  photos: yup
    .array(
      yup.string().required(JOB_PROOF_MSG.photosRequired).max(JOB_PROOF_PHOTO_MAX_CHARS, JOB_PROOF_MSG.photoTooBig),
    )
    .required(JOB_PROOF_MSG.photosRequired)
    .min(1, JOB_PROOF_MSG.photosRequired)
    .max(JOB_PROOF_MAX_PHOTOS, JOB_PROOF_MSG.tooManyPhotos),
  signature: yup
    .string()
    .required(JOB_PROOF_MSG.signatureRequired)
    .max(JOB_PROOF_SIGNATURE_MAX_CHARS, JOB_PROOF_MSG.signatureTooBig),
  signedBy: yup
    .string()
    .trim()
    .required(JOB_PROOF_MSG.signedByRequired)
    .max(JOB_PROOF_NAME_MAX, JOB_PROOF_MSG.signedByTooLong),
  /** What the customer paid on the day (required by the service when there was anything to collect). */
  collected: daySettlementSchema.optional().default(undefined),
  /** Overtime and extras agreed with the customer on the day (absent: none). */
  extras: dayExtrasSchema.optional().default(undefined),
  times: moveTimesSchema,
});
export type JobDoneRequest = yup.InferType<typeof jobDoneRequestSchema>;

/** Who signed for the move, and when (the job, My move). */
export interface SignedFor {
  name: string;
  at: string;
}

const LONDON_HH_MM = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The customer's My move line: "Signed for by Ada Lovelace at 12:30" (London time). */
export const signedForText = (s: SignedFor): string =>
  `Signed for by ${s.name} at ${LONDON_HH_MM.format(new Date(s.at))}`;

/** GET /api/drivers/admin/jobs/:id/proof (staff): the photos and signature given at "done". */
export interface JobProofView {
  bookingId: string;
  driverId: string;
  signedFor: SignedFor;
  /** Data URLs, checked to be images of their declared type when given. */
  photos: string[];
  signature: string;
}
