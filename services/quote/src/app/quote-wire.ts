import {
  cleanItems,
  penceToPounds,
  type BookingDraft,
  type JobEstimate,
  type Offer,
  type Quote,
} from '@vanhop/contracts';
import type { PricedOffer } from '../domain/offers.js';
import type { PriceBreakdown } from '../domain/pricing.js';
import type { RouteEstimate } from '../domain/geo-port.js';
import { offerPhotoPath } from '@vanhop/contracts';

/** One driver's offer as the quotes popup shows it (pounds on the wire). */
export function toOffer(o: PricedOffer, data: BookingDraft, estimate: JobEstimate): Offer {
  const photoUrl = offerPhotoPath(o.driver);
  return {
    driverId: o.driver._id,
    driverName: o.driver.name,
    ...(photoUrl ? { photoUrl } : {}),
    rating: o.driver.rating,
    reviewCount: o.driver.reviewCount,
    typeofVan: data.vanSize,
    typeOfWorker: data.driverHelp,
    totalPrice: penceToPounds(o.pricing.totalPence),
    overtimePerHalfHour: penceToPounds(o.pricing.overtimePerHalfHourPence),
    estimate,
    chargesOnTheDay: o.charges,
    breakdown: o.pricing.lines.map((l) => ({ label: l.label, amount: penceToPounds(l.pence) })),
  };
}

/** The quote in the wire contract's exact field names (docs/WIRE-CONTRACT.md), priced by one offer (or the house card when none matched). */
export function toQuote(
  data: BookingDraft,
  pricing: PriceBreakdown,
  route: RouteEstimate,
  offer: PricedOffer | null,
  estimate: JobEstimate,
): Quote {
  const addresses = data.addresses;
  const items = cleanItems(data.items);
  const stair = (i: number) => addresses[i]?.stair ?? 0;
  return {
    name: data.name ?? '',
    email: data.email ?? '',
    phone: data.phone ?? '',
    description: data.description ?? '',
    date: data.date ? new Date(data.date).toISOString() : '',
    totalAddress: addresses,
    places: addresses.map((a) => a.location),
    pickupStair: stair(0),
    deliveryStair: stair(addresses.length - 1),
    viaStopStair: addresses.slice(1, -1).map((a) => a.stair ?? 0),
    typeofVan: data.vanSize,
    typeOfWorker: data.driverHelp,
    totalHour: data.hour ?? pricing.billableHours,
    totalSecond: pricing.totalSecond,
    totalPrice: penceToPounds(pricing.totalPence),
    travelHour: route.seconds,
    travelMiles: route.miles,
    percentage: null,
    yourinfo: { receivedData: { vanSize: data.vanSize } },
    ...(offer ? { driverId: offer.driver._id, driverName: offer.driver.name, driverRating: offer.driver.rating } : {}),
    overtimePerHalfHour: penceToPounds(pricing.overtimePerHalfHourPence),
    loadingSeconds: estimate.loadingSeconds,
    estimate,
    ...(items ? { items } : {}),
  };
}
