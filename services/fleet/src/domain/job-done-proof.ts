import { JOB_PROOF_MSG, JOB_PROOF_PHOTO_TYPES } from '@vanhop/contracts';
import { uploadedPhoto } from './driver-photo.js';

/** The proof of delivery given with "done" (sizes and counts already checked by the wire schema). */
export interface DoneProof {
  photos: string[];
  signature: string;
  signedBy: string;
}

const DECLARED = /^data:([\w.+-]+\/[\w.+-]+);base64,/;

/**
 * Why the proof is refused, by field, or null. A photo must be a JPEG, PNG or WebP data URL whose
 * bytes are an image of that type, and the signature a PNG drawn on the card: the same check as
 * the drivers' photos, so nothing else (HTML, a script, a mislabelled file) is kept as an image.
 */
export function proofProblems(proof: DoneProof): Record<string, string> | null {
  const problems: Record<string, string> = {};
  proof.photos.forEach((photo, i) => {
    const declared = DECLARED.exec(photo)?.[1];
    if (!declared || !(JOB_PROOF_PHOTO_TYPES as readonly string[]).includes(declared))
      problems[`photos[${i}]`] = JOB_PROOF_MSG.photoType;
    else if (!uploadedPhoto(photo)) problems[`photos[${i}]`] = JOB_PROOF_MSG.photoContent;
  });
  if (uploadedPhoto(proof.signature)?.type !== 'image/png') problems.signature = JOB_PROOF_MSG.signatureFormat;
  return Object.keys(problems).length > 0 ? problems : null;
}
