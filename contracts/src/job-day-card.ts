/**
 * The driver's job card on the day of the move: links to a map for each address, a call to the
 * customer through a masked number, and the proof of delivery (photos of the load and the
 * customer's signature) the driver gives when marking the job done. Rules and words read alike by
 * the quote service (which decides) and the portal.
 */
import * as yup from 'yup';
import { londonClock, londonTime } from './booking-time.js';
import { JOB_PROGRESS_STEPS } from './job-day.js';

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
