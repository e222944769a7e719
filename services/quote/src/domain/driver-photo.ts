const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image of a photo staff uploaded (a data URL), or null for none or an https address. */
export function uploadedPhoto(photoUrl: string | undefined): { type: string; bytes: Buffer } | null {
  const m = photoUrl ? DATA_URL.exec(photoUrl) : null;
  return m ? { type: m[1]!, bytes: Buffer.from(m[2]!, 'base64') } : null;
}

/**
 * The link an offer shows the driver's photo by. Only uploaded photos: the site's CSP allows
 * images from itself alone, so a third-party address would not display (initials are shown).
 */
export const offerPhotoPath = (driver: { _id: string; photoUrl?: string; version?: number }): string | undefined =>
  driver.photoUrl?.startsWith('data:image/') ? `/api/driver-photos/${driver._id}?v=${driver.version ?? 0}` : undefined;
