import * as yup from 'yup';
import type { HelpLevel, VanSize } from '../constants.js';

/**
 * A driver's public profile (GET /api/driver-profiles/:id), loaded when a customer opens it from an
 * offer or My move: only what a customer may see, never the driver's phone, e-mail or address.
 */
export interface DriverProfile {
  driverId: string;
  name: string;
  /** The driver's photo (https or our own /api/driver-photos link); initials are shown without one. */
  photoUrl?: string;
  rating: number;
  reviewCount: number;
  vanSizes: VanSize[];
  helpLevels: HelpLevel[];
  ulezCompliant: boolean;
  /** The area the driver works from, as a postcode district (e.g. "NW2") or the base's name. */
  area: string;
  /**
   * What staff have checked: true only while they hold a current, unexpired document of that kind
   * for the driver (docs/ADMIN.md: the documents staff keep).
   */
  vetting: { insuranceChecked: boolean; licenceChecked: boolean };
}

/** One of a driver's approved reviews as shown on their profile: signed "Grace M.". */
export interface DriverReview {
  rating: number;
  /** The customer's rating of the driver, when they gave one. */
  driverRating: number | null;
  text: string;
  authorName: string;
  /** ISO date-time the review was written. */
  submittedAt: string;
}

/** GET /api/reviews/drivers/:driverId: the driver's newest approved reviews. */
export interface DriverReviewsResponse {
  driverId: string;
  reviews: DriverReview[];
}

/** How many written reviews a profile shows: a few, newest first. */
export const DRIVER_PROFILE_REVIEWS = 5;

/** The driver id in a public profile or reviews path (a 400 naming `driverId` when it is not one). */
export const driverProfileParamsSchema = yup.object({
  driverId: yup
    .string()
    .strict(true)
    .required('driverId is required')
    .matches(/^drv-[\w-]{1,60}$/, 'driverId must be a driver id'),
});
