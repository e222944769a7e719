/** The home search's rules (docs/SCREENS.md): both ends picked from the list, pickup within 30 miles of NW2. */
import { EARTH_RADIUS_MILES, MSG, NW2_REFERENCE, SERVICE_RADIUS_MILES } from '@vanhop/contracts';
import type { PlaceChoice } from '../../components/addressInput';

export interface SearchField {
  text: string;
  /** Set only when the text came from the suggestion list. */
  choice: PlaceChoice | null;
}

export interface SearchErrors {
  pickup?: string;
  dropoff?: string;
}

function fieldError(field: SearchField, required: string): string | undefined {
  if (!field.text.trim()) return required;
  if (!field.choice || field.choice.label !== field.text) return MSG.home.selectFromList;
  return undefined;
}

export function validateSearch(pickup: SearchField, dropoff: SearchField): SearchErrors {
  const errors: SearchErrors = {};
  const p = fieldError(pickup, MSG.home.pickupRequired);
  const d = fieldError(dropoff, MSG.home.dropoffRequired);
  if (p) errors.pickup = p;
  if (d) errors.dropoff = d;
  return errors;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles from the NW2 reference point. */
export function milesFromNw2(at: { lat: number; lng: number }): number {
  const dLat = rad(at.lat - NW2_REFERENCE.lat);
  const dLng = rad(at.lng - NW2_REFERENCE.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(NW2_REFERENCE.lat)) * Math.cos(rad(at.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const withinServiceArea = (at: { lat: number; lng: number }) => milesFromNw2(at) <= SERVICE_RADIUS_MILES;
