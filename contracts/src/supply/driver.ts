import type { HelpLevel, VanSize } from '../constants.js';
import { haversineMiles, type LatLng } from '../coverage.js';
import type { Availability, CardBounds } from '../schemas/driver.js';
import type { PriceCard } from './price-card.js';
import type { VanhopReviews } from './driver-rating.js';

/** A self-employed driver: their own vans, help levels, area and prices. */
export interface Driver {
  _id: string;
  name: string;
  /** Drivers receive the customer's details after payment, so they need a way to be reached. */
  email: string;
  phone: string;
  homeBase: { label: string } & LatLng;
  /** Pickups farther than this (great-circle) from the home base are not offered. */
  serviceRadiusMiles: number;
  vanSizes: VanSize[];
  helpLevels: HelpLevel[];
  card: PriceCard;
  /** The rating the driver brought with them (staff set it), over `reviewCount` reviews. */
  rating: number;
  reviewCount: number;
  /** VanHop's own approved reviews of the driver (from the review service); see shownRating. */
  vanhopReviews?: VanhopReviews;
  /** A van that meets the ULEZ standard pays no ULEZ charge. */
  ulezCompliant: boolean;
  active: boolean;
  /** The postcode staff gave for the home base (demo drivers have only the label). */
  basePostcode?: string;
  /** What the driver may set their own card to; absent: defaultBounds() around the house card. */
  cardBounds?: CardBounds;
  photoUrl?: string;
  /** When the driver works (Europe/London); absent: never set, so available at any time. */
  availability?: Availability;
  /** Bumped on every change: edits are conditional on it, so two editors cannot lose each other's change. */
  version?: number;
  updatedAt?: string;
}

/** A driver's e-mail as compared with the others' (unique: drivers sign in to the portal with it). */
export const driverEmailKey = (email: string): string => email.trim().toLowerCase();

export interface DriverSnapshot {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export const driverSnapshot = (d: Driver): DriverSnapshot => ({
  id: d._id,
  name: d.name,
  email: d.email,
  phone: d.phone,
});

/** An offer exists only for drivers with that van size and help level who cover the pickup. */
export function driverCanTake(
  driver: Driver,
  job: { vanSize: VanSize; helpLevel: HelpLevel; pickup: LatLng },
): boolean {
  return (
    driver.active &&
    driver.vanSizes.includes(job.vanSize) &&
    driver.helpLevels.includes(job.helpLevel) &&
    haversineMiles(driver.homeBase, job.pickup) <= driver.serviceRadiusMiles
  );
}
