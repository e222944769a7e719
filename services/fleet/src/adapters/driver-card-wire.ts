import type { DriverCardWire } from '@vanhop/contracts';
import type { DocumentedDriver } from '@vanhop/contracts';
import { withoutPhotoBytes } from '@vanhop/contracts';

/**
 * The card a driver.card-changed event carries: the fields pricing reads of the stored driver, the
 * photo without its bytes, documents reduced to their expiry dates (all compliance reads), and
 * VanHop's reviews as stored (the reader folds them into the shown rating, as toCard does).
 */
export function cardWireOf(d: DocumentedDriver): DriverCardWire {
  const photo = withoutPhotoBytes(d.photoUrl);
  const docs = d.documents;
  const expiry = (doc: { expiresOn: string } | null | undefined) =>
    doc === undefined ? undefined : doc === null ? null : { expiresOn: doc.expiresOn };
  return {
    name: d.name,
    email: d.email,
    phone: d.phone,
    homeBase: { label: d.homeBase.label, lat: d.homeBase.lat, lng: d.homeBase.lng },
    serviceRadiusMiles: d.serviceRadiusMiles,
    vanSizes: [...d.vanSizes],
    helpLevels: [...d.helpLevels],
    card: d.card as unknown as Record<string, unknown>,
    rating: d.rating,
    reviewCount: d.reviewCount,
    ...(d.vanhopReviews ? { vanhopReviews: { ...d.vanhopReviews } } : {}),
    ulezCompliant: d.ulezCompliant,
    active: d.active,
    ...(d.basePostcode !== undefined ? { basePostcode: d.basePostcode } : {}),
    ...(d.cardBounds !== undefined ? { cardBounds: d.cardBounds as unknown as Record<string, unknown> } : {}),
    ...(photo !== undefined ? { photoUrl: photo } : {}),
    ...(d.availability !== undefined ? { availability: d.availability as unknown as Record<string, unknown> } : {}),
    ...(docs !== undefined
      ? {
          documents: {
            ...(docs.insurance !== undefined ? { insurance: expiry(docs.insurance) } : {}),
            ...(docs.licence !== undefined ? { licence: expiry(docs.licence) } : {}),
          },
        }
      : {}),
    ...(d.version !== undefined ? { version: d.version } : {}),
    ...(d.updatedAt !== undefined ? { updatedAt: d.updatedAt } : {}),
  } as DriverCardWire;
}
