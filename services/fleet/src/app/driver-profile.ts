import { documentStanding, londonDayOf, type DriverProfile } from '@vanhop/contracts';
import type { DocumentedDriver } from '@vanhop/contracts';
import { offerPhotoPath } from '@vanhop/contracts';
import { shownRating } from '@vanhop/contracts';

/** The area a driver works from in public: the postcode district, never the address. */
const publicArea = (d: DocumentedDriver): string =>
  d.basePostcode ? d.basePostcode.trim().toUpperCase().split(/\s+/)[0]! : d.homeBase.label;

/** Staff hold a document of this kind for the driver that has not expired by today. */
const checked = (d: DocumentedDriver, kind: 'insurance' | 'licence', today: string): boolean => {
  const standing = documentStanding(d.documents?.[kind], today);
  return standing === 'valid' || standing === 'expiring';
};

/**
 * A driver's public profile: who they are, their vans, and what staff have checked. Only public
 * data: the phone, e-mail, home address and price card stay with staff.
 */
export function toDriverProfile(d: DocumentedDriver, now: Date): DriverProfile {
  const today = londonDayOf(now);
  const photoUrl = offerPhotoPath(d) ?? (d.photoUrl?.startsWith('https://') ? d.photoUrl : undefined);
  return {
    driverId: d._id,
    name: d.name,
    ...(photoUrl ? { photoUrl } : {}),
    ...shownRating(d),
    vanSizes: [...d.vanSizes],
    helpLevels: [...d.helpLevels],
    ulezCompliant: d.ulezCompliant,
    area: publicArea(d),
    vetting: { insuranceChecked: checked(d, 'insurance', today), licenceChecked: checked(d, 'licence', today) },
  };
}
