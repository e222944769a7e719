/**
 * The link an offer shows the driver's photo by. Only uploaded photos: the site's CSP allows
 * images from itself alone, so a third-party address would not display (initials are shown).
 */
export const offerPhotoPath = (driver: { _id: string; photoUrl?: string; version?: number }): string | undefined =>
  driver.photoUrl?.startsWith('data:image/') ? `/api/driver-photos/${driver._id}?v=${driver.version ?? 0}` : undefined;

/** A photo as a card carries it: an uploaded one's data URL without its bytes (served by its own route). */
export const withoutPhotoBytes = (photoUrl: string | undefined): string | undefined => {
  if (!photoUrl?.startsWith('data:')) return photoUrl;
  const comma = photoUrl.indexOf(',');
  return comma < 0 ? photoUrl : photoUrl.slice(0, comma + 1);
};
