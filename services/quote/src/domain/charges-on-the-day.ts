import { CHARGES, penceToPounds, poundsToPence } from '@vanhop/contracts';
import { haversineMiles, type LatLng } from './great-circle.js';

/**
 * Charges the customer pays on the day, never part of the quote total (docs/PRICING.md).
 *
 * Congestion zone: the real boundary is the Inner Ring Road, which no postcode list matches
 * exactly. We approximate it by the districts lying wholly or mostly inside it: EC1-EC4, WC1-WC2,
 * W1, SW1 and SE1 (with their lettered sub-districts such as EC1V or SW1A). SE1 and the edges of
 * W1/SW1/EC1 are only partly inside, so they may list a charge that turns out not to apply; E1,
 * N1, NW1, SE11 and W2 touch the zone but lie mostly outside and are left out.
 *
 * ULEZ: it covers all of Greater London; we approximate that by 15 miles around Charing Cross and
 * list the £12.50 daily charge only for drivers whose van is not ULEZ compliant.
 */
export const CONGESTION_ZONE = /^(EC[1-4]|WC[12]|W1|SW1|SE1)[A-Z]?$/;
export const CHARING_CROSS: LatLng = { lat: 51.50809, lng: -0.12807 };
export const ULEZ_RADIUS_MILES = 15;

export interface ChargeOnTheDay {
  label: string;
  amount: number | null;
}

export const inCongestionZone = (outcode: string | null) => !!outcode && CONGESTION_ZONE.test(outcode);

export function chargesOnTheDay(input: {
  pickup: { outcode: string | null } & LatLng;
  dropoff: { outcode: string | null } & LatLng;
  stops: LatLng[];
  ulezCompliant: boolean;
}): ChargeOnTheDay[] {
  const charges: ChargeOnTheDay[] = [];
  if (inCongestionZone(input.pickup.outcode) || inCongestionZone(input.dropoff.outcode)) {
    charges.push({
      label: `Congestion charge (${CHARGES.congestionHours})`,
      amount: penceToPounds(CHARGES.congestionPence),
    });
  }
  if (!input.ulezCompliant && input.stops.some((p) => haversineMiles(CHARING_CROSS, p) <= ULEZ_RADIUS_MILES)) {
    charges.push({ label: 'ULEZ daily charge (van registered before 2005)', amount: penceToPounds(CHARGES.ulezPence) });
  }
  charges.push({ label: 'Tolls and ferry fees on the route, if any', amount: null });
  charges.push({ label: 'Parking at the addresses, if any', amount: null });
  return charges;
}

/** The charges on the day whose amount is known (ULEZ, congestion), in pence; tolls and parking are not. */
export const knownChargesPence = (charges: readonly ChargeOnTheDay[]): number =>
  charges.reduce((sum, c) => sum + (c.amount === null ? 0 : poundsToPence(c.amount)), 0);
