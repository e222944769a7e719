/**
 * A photo of the load, ready to send: read as a data URL, and a phone camera's multi-megabyte
 * picture made smaller (longest side 1280 px, JPEG) so three fit the request. The server checks
 * the type, the size and the bytes again: this only spares the driver a refused upload.
 */
import { JOB_PROOF_MSG, JOB_PROOF_PHOTO_MAX_CHARS, JOB_PROOF_PHOTO_TYPES } from '@vanhop/contracts';

const LONGEST_SIDE = 1280;

const readDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });

/** The picture drawn smaller as a JPEG, or null where the browser cannot (no canvas, an undecodable file). */
async function smaller(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.75);
  } catch {
    return null;
  }
}

export async function proofPhoto(file: File): Promise<{ dataUrl: string } | { problem: string }> {
  if (!(JOB_PROOF_PHOTO_TYPES as readonly string[]).includes(file.type)) return { problem: JOB_PROOF_MSG.photoType };
  const original = await readDataUrl(file).catch(() => null);
  if (original && original.length <= JOB_PROOF_PHOTO_MAX_CHARS) return { dataUrl: original };
  const reduced = await smaller(file);
  return reduced && reduced.length <= JOB_PROOF_PHOTO_MAX_CHARS
    ? { dataUrl: reduced }
    : { problem: JOB_PROOF_MSG.photoTooBig };
}
