import { DRIVER_MSG } from '@vanhop/contracts';

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Each type's file signature ("magic bytes"): what the bytes of an image of that type begin with. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
};

/**
 * The image of a photo staff uploaded (a data URL), or null for none or an https address. Only
 * bytes that are an image of the type the data URL declares count as one: anything else (HTML, a
 * script, an image of another type) is never served as an image of ours.
 */
export function uploadedPhoto(photoUrl: string | undefined): { type: string; bytes: Buffer } | null {
  const m = photoUrl ? DATA_URL.exec(photoUrl) : null;
  if (!m) return null;
  const photo = { type: m[1]!, bytes: Buffer.from(m[2]!, 'base64') };
  return SIGNATURES[photo.type]!(photo.bytes) ? photo : null;
}

/** Why an uploaded photo (a data URL) is refused, by field, or null: an https address or a real image of its declared type. */
export function photoProblem(photoUrl: string | undefined): Record<string, string> | null {
  return photoUrl?.startsWith('data:') && !uploadedPhoto(photoUrl) ? { photoUrl: DRIVER_MSG.photoContent } : null;
}
