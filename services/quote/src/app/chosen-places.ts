import { MSG } from '@vanhop/contracts';
import { ValidationError } from '@vanhop/platform';
import type { GeoPort } from '../domain/geo-port.js';

/**
 * Every stop of a move to be priced must name one place the geocoder itself offers (see
 * GeoPort.readLabel): otherwise 400 naming the stop's field, with "select from the list" or, for a
 * text naming two places, why. Geocoders without a strict reading (Google) are left to geocode.
 */
export async function refuseUnchosenPlaces(
  geo: Pick<GeoPort, 'readLabel'>,
  addresses: readonly { location: string }[] | undefined,
): Promise<void> {
  if (!geo.readLabel) return;
  for (const [i, address] of (addresses ?? []).entries()) {
    const reading = await geo.readLabel(address.location);
    if (reading.kind === 'place') continue;
    const message = reading.kind === 'two-places' ? MSG.home.twoPlaces : MSG.home.selectFromList;
    throw new ValidationError(message, { [`addresses[${i}].location`]: message });
  }
}
