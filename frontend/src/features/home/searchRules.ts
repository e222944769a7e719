/** The home search's rules (docs/SCREENS.md): both ends picked from the list, pickup within 30 miles of NW2. */
import { MSG, milesFromServiceCentre, withinServiceArea as coveredByService } from '@vanhop/contracts';
import type { PlaceChoice } from '../../ui/address/addressInput';

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

/** Great-circle distance in miles from the NW2 reference point: the coverage rule's own measure (contracts). */
export const milesFromNw2 = milesFromServiceCentre;

/** The one coverage rule the quote service enforces and the coverage map draws. */
export const withinServiceArea = coveredByService;
