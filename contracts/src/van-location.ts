import * as yup from 'yup';

/**
 * The van live on the map on the day: between "On my way" and "Arrived" the driver's phone sends
 * where it is (POST /api/driver/me/jobs/:id/position), and the customer's My move link and staff
 * read the latest position with an estimate of when the van reaches the pickup. Only the latest
 * position is kept, and it is gone once the driver arrives.
 */

/** How often My move asks again for the van's position (ms). */
export const VAN_LOCATION_REFRESH_MS = 15_000;
/**
 * My move asks where the van is only around the move: from when "On my way" may first be marked
 * (PROGRESS_OPENS_BEFORE_START_MINUTES) until this long after the booked start.
 */
export const VAN_LOCATION_WINDOW_AFTER_START_MS = 12 * 3_600_000;
/** The fewest milliseconds between two positions the driver's phone sends. */
export const VAN_POSITION_SEND_EVERY_MS = 10_000;
/** Positions one job may send per minute: more is refused (429) until the minute is over. */
export const VAN_POSITIONS_PER_MINUTE = 12;

/** What the driver's phone sends: where it is, how sure, and when it took the reading. */
export const vanPositionSchema = yup.object({
  lat: yup
    .number()
    .typeError('lat must be a number')
    .required('lat is required')
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: yup
    .number()
    .typeError('lng must be a number')
    .required('lng is required')
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
  accuracyMetres: yup
    .number()
    .typeError('accuracyMetres must be a number')
    .required('accuracyMetres is required')
    .min(0, 'accuracyMetres must be 0 or more')
    .max(100_000, 'accuracyMetres must be 100000 or less'),
  at: yup
    .string()
    .required('at is required')
    .test('iso-time', 'at must be a date and time', (v) => !v || !Number.isNaN(Date.parse(v))),
});
export type VanPosition = yup.InferType<typeof vanPositionSchema>;

/** The latest position, as the customer and staff read it. */
export interface VanLocationView {
  /** The driver has marked "On my way" and not yet "Arrived" (on a live booking). */
  onTheWay: boolean;
  /** null: the van is not on its way (not started, arrived, cancelled) or has sent no position yet. */
  van: { lat: number; lng: number; accuracyMetres: number; at: string } | null;
  /** The first stop, where the van is heading (null when it cannot be placed on the map). */
  pickup: { lat: number; lng: number; label: string } | null;
  /** The road estimate from the van to the pickup (null without a van or a pickup). */
  eta: { seconds: number; miles: number } | null;
}

export const VAN_LOCATION_MSG = {
  /** Shown to the driver while sharing: why the phone asks for its location. */
  reason:
    'While you are on your way, your location is shared with the customer so they can see when you will arrive. Sharing stops when you mark "Arrived".',
  sharing: 'Sharing your location with the customer.',
  denied:
    'Location is off for this site, so the customer cannot see the van on the map. You can still mark each step as usual.',
  unavailable: 'Your location could not be read just now. You can still mark each step as usual.',
  notOnTheWay: 'Your location is only shared between "On my way" and "Arrived".',
  tooMany: 'Too many positions for this job: wait a moment.',
  /** My move, before the first position arrives. */
  waiting: 'Your driver is on the way. The van shows on the map once their phone shares its position.',
} as const;

/** "About 12 minutes away", from the road estimate's seconds. */
export function vanEtaText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'Arriving now';
  if (minutes === 1) return 'About 1 minute away';
  if (minutes < 90) return `About ${minutes} minutes away`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} h ${rest} min away`;
}

/** GET → VanLocationView (quote), for the booking service's My move route; never proxied. */
export const vanLocationInternalPath = (bookingId: string) => `/internal/jobs/${encodeURIComponent(bookingId)}/van`;

export function isVanLocationView(v: unknown): v is VanLocationView {
  return typeof v === 'object' && v !== null && 'onTheWay' in v && 'van' in v && 'pickup' in v && 'eta' in v;
}
